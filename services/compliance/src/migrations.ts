import { outboxTable, type Migration } from '@svc/kit';

export const SCHEMA = 'compliance';

export const migrations: Migration[] = [
  {
    id: 1,
    name: 'standing and refusals',
    sql: `
CREATE TABLE compliance.standing (
  subject text PRIMARY KEY,
  account_id text NOT NULL,
  day text NOT NULL DEFAULT '',
  strikes_today int NOT NULL DEFAULT 0,
  level int NOT NULL DEFAULT 0,
  suspended_until timestamptz,
  version int NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE compliance.refusals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL,
  account_id text NOT NULL,
  end_user text NOT NULL DEFAULT '',
  channel text NOT NULL,
  rule text NOT NULL,
  request_id text NOT NULL,
  request_hash text NOT NULL,
  at timestamptz NOT NULL,
  outcome text NOT NULL DEFAULT ''
);
-- A retried request (same id, same content) is one refusal and one strike. The hash is part of the
-- key because request ids may come from the caller: reusing one id must not hide new attempts.
CREATE UNIQUE INDEX refusals_once ON compliance.refusals (subject, request_id, request_hash);
CREATE INDEX refusals_account ON compliance.refusals (account_id, id);
CREATE TABLE compliance.lifts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL
);`,
  },
  { id: 2, name: 'outbox', sql: outboxTable('compliance') },
];
