/** Accounts and keys in the metering schema. Keys are stored only as their SHA-256. */
import { enqueue, generateKey, hashKey, keyIdOf, newId, SvcError, type Sql } from '@svc/kit';
import { EVENTS } from '@svc/protos';
import type { PlanId } from './engine/plans';

export interface AccountRow {
  id: string;
  company: string;
  plan: PlanId;
  status: string;
  paid_through: string | null;
  dev: boolean;
}

export interface KeyLookup {
  account: AccountRow;
  replaced: boolean;
  keyId: string;
}

export async function findByKeyHash(sql: Sql, hash: string): Promise<KeyLookup | null> {
  const r = await sql.query<AccountRow & { replaced_at: string | null }>(
    `SELECT a.id, a.company, a.plan, a.status, a.paid_through::text AS paid_through, a.dev, k.replaced_at
       FROM metering.api_keys k JOIN metering.accounts a ON a.id = k.account_id WHERE k.hash = $1`,
    [hash],
  );
  const row = r.rows[0];
  if (!row) return null;
  const { replaced_at, ...account } = row;
  return { account, replaced: replaced_at !== null, keyId: keyIdOf(hash) };
}

export async function getAccount(sql: Sql, id: string): Promise<AccountRow | null> {
  const r = await sql.query<AccountRow>(
    'SELECT id, company, plan, status, paid_through::text AS paid_through, dev FROM metering.accounts WHERE id = $1',
    [id],
  );
  return r.rows[0] ?? null;
}

/** Creates an account and its first key; the key is returned once and never stored. */
export async function createAccount(sql: Sql, a: { company: string; plan: PlanId; paidThrough?: string | null; dev?: boolean }): Promise<{ account: AccountRow; key: string }> {
  const id = newId('acct');
  const key = generateKey();
  await sql.transaction(async (tx) => {
    await tx.query('INSERT INTO metering.accounts (id, company, plan, paid_through, dev) VALUES ($1, $2, $3, $4, $5)', [id, a.company, a.plan, a.paidThrough ?? null, a.dev ?? false]);
    await tx.query('INSERT INTO metering.api_keys (hash, account_id) VALUES ($1, $2)', [hashKey(key), id]);
  });
  return { account: { id, company: a.company, plan: a.plan, status: 'active', paid_through: a.paidThrough ?? null, dev: a.dev ?? false }, key };
}

/**
 * Replaces the account's key: the old one stops working at once. The event that drops it from the
 * gateways' caches is written in the same transaction (the outbox), so a failed publish can never
 * leave the change without its event, nor the event without the change.
 */
/**
 * `callerGone` is checked last, inside the transaction: a caller answered 503 because it stopped
 * waiting keeps its key (it never saw the new one), rather than being locked out by a replacement
 * it cannot know.
 */
export async function replaceKey(sql: Sql, accountId: string, callerGone: () => boolean = () => false): Promise<{ key: string; hash: string; oldHashes: string[] }> {
  const key = generateKey();
  const hash = hashKey(key);
  const oldHashes = await sql.transaction(async (tx) => {
    const old = await tx.query<{ hash: string }>('UPDATE metering.api_keys SET replaced_at = now() WHERE account_id = $1 AND replaced_at IS NULL RETURNING hash', [accountId]);
    await tx.query('INSERT INTO metering.api_keys (hash, account_id) VALUES ($1, $2)', [hash, accountId]);
    const oldHashes = old.rows.map((r) => r.hash);
    await enqueue(tx, 'metering', 'account.key_replaced', EVENTS['account.key_replaced'].parse({ accountId, oldHashes }));
    if (callerGone()) throw SvcError.deadlineExceeded('the caller stopped waiting; the key was not replaced');
    return oldHashes;
  });
  return { key, hash, oldHashes };
}

export async function runsUsed(sql: Sql, accountId: string, month: string): Promise<{ runs: number; overage: number }> {
  const r = await sql.query<{ runs: number; overage: number }>(
    'SELECT count(*) FILTER (WHERE NOT overage) AS runs, count(*) FILTER (WHERE overage) AS overage FROM metering.runs WHERE account_id = $1 AND month = $2 AND NOT prepared',
    [accountId, month],
  );
  return r.rows[0] ?? { runs: 0, overage: 0 };
}

export async function topUpRuns(sql: Sql, accountId: string, month: string): Promise<number> {
  const r = await sql.query<{ n: number | null }>('SELECT sum(runs) AS n FROM metering.top_ups WHERE account_id = $1 AND month = $2', [accountId, month]);
  return Number(r.rows[0]?.n ?? 0);
}

/** The embedded start's development account: one, on the top plan, found again on later starts. */
export async function devAccountId(sql: Sql): Promise<string | null> {
  const r = await sql.query<{ id: string }>('SELECT id FROM metering.accounts WHERE dev ORDER BY created_at LIMIT 1');
  return r.rows[0]?.id ?? null;
}
