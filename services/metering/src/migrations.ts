import { outboxTable, type Migration } from '@svc/kit';

export const SCHEMA = 'metering';

export const migrations: Migration[] = [
  {
    id: 1,
    name: 'accounts and keys',
    sql: `
CREATE TABLE metering.accounts (
  id text PRIMARY KEY,
  company text NOT NULL,
  plan text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  paid_through date,
  dev boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE metering.api_keys (
  hash text PRIMARY KEY,
  account_id text NOT NULL REFERENCES metering.accounts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  replaced_at timestamptz
);
CREATE INDEX api_keys_account ON metering.api_keys (account_id);
CREATE TABLE metering.runs (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES metering.accounts(id),
  subject text NOT NULL,
  month text NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  calls int NOT NULL DEFAULT 0,
  overage boolean NOT NULL DEFAULT false
);
CREATE INDEX runs_account_month ON metering.runs (account_id, month);
CREATE TABLE metering.top_ups (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES metering.accounts(id),
  month text NOT NULL,
  runs int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);`,
  },
  {
    id: 2,
    name: 'outbox',
    sql: outboxTable('metering'),
  },
  {
    id: 3,
    name: 'run leases and usage counters',
    sql: `
ALTER TABLE metering.runs ADD COLUMN granted int NOT NULL DEFAULT 0;
CREATE INDEX runs_subject_open ON metering.runs (account_id, subject, closes_at);
CREATE TABLE metering.run_leases (
  id text PRIMARY KEY,
  run_id text NOT NULL REFERENCES metering.runs(id),
  account_id text NOT NULL REFERENCES metering.accounts(id),
  granted int NOT NULL,
  used int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  reclaimed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX run_leases_run ON metering.run_leases (run_id);
CREATE TABLE metering.pools (
  account_id text NOT NULL REFERENCES metering.accounts(id),
  month text NOT NULL,
  runs_used int NOT NULL DEFAULT 0,
  overage_runs int NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month)
);
CREATE TABLE metering.usage_counters (
  account_id text NOT NULL,
  month text NOT NULL,
  runs int NOT NULL DEFAULT 0,
  overage_runs int NOT NULL DEFAULT 0,
  calls int NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month)
);
CREATE TABLE metering.consumed_events (
  id text PRIMARY KEY,
  consumed_at timestamptz NOT NULL DEFAULT now()
)`,
  },
  {
    id: 4,
    name: 'overage runs counted apart from the pool',
    // The pool row is locked by every run it gives until that run's commit, so that it is exact at
    // its edge; overage runs need no edge, and counted on it they were serialised with it. They are
    // counted on a few rows per account and month instead, any one of which a new overage run takes.
    // Expand only: `pools.overage_runs` stays and is read with them, so replicas of the previous
    // release, still writing it during a rolling update, lose no count and break on no statement.
    sql: `
CREATE TABLE metering.overage_slots (
  account_id text NOT NULL REFERENCES metering.accounts(id),
  month text NOT NULL,
  slot smallint NOT NULL,
  runs int NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month, slot)
)`,
  },
  {
    id: 5,
    name: 'runs prepared ahead',
    // A hot subject's next run is prepared before its current one is spent, so that its calls do not
    // wait for the ledger at each rollover (ledger.ts). Until its first call it holds its pool run
    // (or its overage row, remembered for the give-back) and is shown nowhere. Expand only: a replica
    // of the release before sees a prepared run as a full open run and opens another beside it.
    sql: `
ALTER TABLE metering.runs ADD COLUMN prepared boolean NOT NULL DEFAULT false;
ALTER TABLE metering.runs ADD COLUMN overage_slot smallint;
CREATE INDEX runs_prepared ON metering.runs (account_id, month) WHERE prepared`,
  },
  {
    id: 6,
    name: 'lease holders',
    // Which gateway (by a name that outlives its restarts) and which start of it holds a lease: a
    // restarted gateway's earlier leases are dead, and their runs are rejoined rather than sold again.
    sql: `
ALTER TABLE metering.run_leases ADD COLUMN holder text NOT NULL DEFAULT '';
ALTER TABLE metering.run_leases ADD COLUMN holder_incarnation text NOT NULL DEFAULT ''`,
  },
  // Ids 3 to 9 belong to run metering; seats start at 10 so the two lines of work never collide.
  {
    id: 10,
    name: 'seats',
    sql: `
CREATE TABLE metering.seats (
  account_id text NOT NULL REFERENCES metering.accounts(id),
  end_user text COLLATE "C" NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, end_user)
)`,
  },
];
