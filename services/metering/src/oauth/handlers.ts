/**
 * The OAuth service's handlers (served by the metering process, beside Metering). Authorization
 * codes are single-use and bound to their client, redirect address, PKCE challenge (S256) and
 * resource; refresh tokens rotate, and a rotated one presented again revokes its whole grant (it
 * has been stolen, or replayed). Only hashes of codes and tokens are stored.
 */
import { createHash, randomUUID } from 'node:crypto';
import type * as grpc from '@grpc/grpc-js';
import { SvcError, unary, type Logger, type Sql } from '@svc/kit';
import type { OAuthHandlers } from '@svc/protos';
import type { Account } from '@svc/protos/gen/svc/v1/Account';
import { planOf } from '../engine/plans';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';

const HASH = /^[0-9a-f]{64}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;
const MIN_PASSWORD = 12;

type H = OAuthHandlers;
/** The decoded request of a method, as the generated handler types give it. */
type Req<K extends keyof H> = H[K] extends grpc.handleUnaryCall<infer R, infer _S> ? R : never;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const seconds = (n: number, max: number) => Math.max(1, Math.min(max, Math.floor(n)));

async function accountMessage(sql: Sql, accountId: string): Promise<Account | null> {
  const r = await sql.query<{ id: string; company: string; plan: string; status: string }>('SELECT id, company, plan, status FROM metering.accounts WHERE id = $1', [accountId]);
  const a = r.rows[0];
  if (!a || a.status !== 'active') return null;
  const plan = planOf(a.plan);
  // keyId names a key; a token-signed-in caller has none (its grant stands in for it).
  return { id: a.id, company: a.company, plan: plan.id, tier: plan.tier, status: a.status, keyId: '', seatsEnabled: plan.seats };
}

async function storeTokens(sql: Pick<Sql, 'query'>, grantId: string, access: string, refresh: string, accessTtl: number, refreshTtl: number): Promise<void> {
  await sql.query(
    `INSERT INTO oauth.tokens (hash, grant_id, kind, expires_at) VALUES ($1, $3, 'access', now() + make_interval(secs => $4)), ($2, $3, 'refresh', now() + make_interval(secs => $5))`,
    [access, refresh, grantId, seconds(accessTtl, 3_600), seconds(refreshTtl, 90 * 86_400)],
  );
}

export function oauthHandlers(deps: { sql: Sql; log: Logger }): H {
  const { sql, log } = deps;
  const fail = (reason: string) => ({ ok: false, reason, scope: '', resource: '' });
  return {
    RegisterClient: unary<Req<'RegisterClient'>, Record<string, unknown>>(log, async (req) => {
      const id = randomUUID();
      await sql.query('INSERT INTO oauth.clients (id, name, redirect_uris) VALUES ($1, $2, $3)', [id, req.clientName, JSON.stringify(req.redirectUris)]);
      return { found: true, clientId: id, clientName: req.clientName, redirectUris: req.redirectUris, issuedAt: String(Math.floor(Date.now() / 1000)) };
    }),
    GetClient: unary<Req<'GetClient'>, Record<string, unknown>>(log, async (req) => {
      const r = await sql.query<{ id: string; name: string; redirect_uris: string[]; at: string }>(
        'SELECT id, name, redirect_uris, extract(epoch FROM created_at)::bigint::text AS at FROM oauth.clients WHERE id = $1',
        [req.clientId],
      );
      const c = r.rows[0];
      return c ? { found: true, clientId: c.id, clientName: c.name, redirectUris: c.redirect_uris, issuedAt: c.at } : { found: false };
    }),
    CreateUser: unary<Req<'CreateUser'>, Record<string, unknown>>(log, async (req) => {
      const email = req.email.trim().toLowerCase();
      if (!EMAIL.test(email)) throw SvcError.invalid('email: must be an e-mail address', [{ field: 'email', message: 'must be an e-mail address' }]);
      if (req.password.length < MIN_PASSWORD) throw SvcError.invalid(`password: must be at least ${MIN_PASSWORD} characters`, [{ field: 'password', message: `must be at least ${MIN_PASSWORD} characters` }]);
      if (!(await accountMessage(sql, req.accountId))) throw SvcError.notFound('account not found or not active');
      const id = randomUUID();
      const hash = await hashPassword(req.password);
      const r = await sql.query('INSERT INTO oauth.users (id, account_id, email, password_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING', [id, req.accountId, email, hash]);
      if (r.rowCount === 0) throw SvcError.failed('conflict', 'a user with this e-mail address exists');
      return { userId: id };
    }),
    SignIn: unary<Req<'SignIn'>, Record<string, unknown>>(log, async (req) => {
      const r = await sql.query<{ id: string; account_id: string; password_hash: string }>('SELECT id, account_id, password_hash FROM oauth.users WHERE email = $1', [req.email.trim().toLowerCase()]);
      const u = r.rows[0];
      const good = await verifyPassword(req.password, u?.password_hash ?? DUMMY_HASH);
      if (!u || !good) return { ok: false };
      const account = await accountMessage(sql, u.account_id);
      if (!account) return { ok: false };
      return { ok: true, userId: u.id, accountId: u.account_id, company: account.company };
    }),
    IssueCode: unary<Req<'IssueCode'>, Record<string, unknown>>(log, async (req) => {
      if (!HASH.test(req.codeHash) || !/^[A-Za-z0-9_-]{43}$/.test(req.codeChallenge)) throw SvcError.invalid('code_challenge: must be an S256 challenge');
      await sql.query(
        `INSERT INTO oauth.codes (hash, client_id, user_id, redirect_uri, challenge, resource, scope, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
        [req.codeHash, req.clientId, req.userId, req.redirectUri, req.codeChallenge, req.resource, req.scope, seconds(req.ttlSeconds, 600)],
      );
      return {};
    }),
    ExchangeCode: unary<Req<'ExchangeCode'>, Record<string, unknown>>(log, async (req) => {
      if (![req.codeHash, req.accessHash, req.refreshHash].every((h) => HASH.test(h))) return fail('invalid_grant');
      return sql.transaction(async (tx) => {
        // Single use: the first exchange marks the code; a second finds it used and gets nothing.
        const r = await tx.query<{ client_id: string; user_id: string; redirect_uri: string; challenge: string; resource: string; scope: string }>(
          'UPDATE oauth.codes SET used_at = now() WHERE hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING client_id, user_id, redirect_uri, challenge, resource, scope',
          [req.codeHash],
        );
        const c = r.rows[0];
        if (!c || c.client_id !== req.clientId || c.redirect_uri !== req.redirectUri || s256(req.codeVerifier) !== c.challenge) return fail('invalid_grant');
        if (req.resource && req.resource !== c.resource) return fail('invalid_target');
        const grantId = randomUUID();
        await tx.query('INSERT INTO oauth.grants (id, client_id, user_id, resource, scope) VALUES ($1, $2, $3, $4, $5)', [grantId, c.client_id, c.user_id, c.resource, c.scope]);
        await storeTokens(tx, grantId, req.accessHash, req.refreshHash, req.accessTtlSeconds, req.refreshTtlSeconds);
        return { ok: true, reason: '', scope: c.scope, resource: c.resource };
      });
    }),
    Refresh: unary<Req<'Refresh'>, Record<string, unknown>>(log, async (req) => {
      if (![req.refreshHash, req.accessHash, req.newRefreshHash].every((h) => HASH.test(h))) return fail('invalid_grant');
      const out = await sql.transaction(async (tx) => {
        const r = await tx.query<{ grant_id: string; used: boolean; live: boolean; client_id: string; resource: string; scope: string; revoked: boolean }>(
          `SELECT t.grant_id, t.used_at IS NOT NULL AS used, t.expires_at > now() AS live, g.client_id, g.resource, g.scope, g.revoked_at IS NOT NULL AS revoked
             FROM oauth.tokens t JOIN oauth.grants g ON g.id = t.grant_id WHERE t.hash = $1 AND t.kind = 'refresh' FOR UPDATE OF t`,
          [req.refreshHash],
        );
        const t = r.rows[0];
        if (!t || t.client_id !== req.clientId || t.revoked || !t.live) return { result: fail('invalid_grant'), reuse: null };
        if (t.used) return { result: fail('invalid_grant'), reuse: t.grant_id };
        if (req.resource && req.resource !== t.resource) return { result: fail('invalid_target'), reuse: null };
        await tx.query('UPDATE oauth.tokens SET used_at = now() WHERE hash = $1', [req.refreshHash]);
        await storeTokens(tx, t.grant_id, req.accessHash, req.newRefreshHash, req.accessTtlSeconds, req.refreshTtlSeconds);
        return { result: { ok: true, reason: '', scope: t.scope, resource: t.resource }, reuse: null };
      });
      // A rotated refresh token presented again: whoever holds the family loses it.
      if (out.reuse) {
        await sql.query('UPDATE oauth.grants SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [out.reuse]);
        log.warn({ grant: out.reuse }, 'a rotated refresh token was presented again; its grant is revoked');
      }
      return out.result;
    }),
    Revoke: unary<Req<'Revoke'>, Record<string, unknown>>(log, async (req) => {
      if (!HASH.test(req.tokenHash)) return {};
      // Revoking either token of a grant ends the grant (RFC 7009 permits, and a client expects it).
      await sql.query(
        `UPDATE oauth.grants g SET revoked_at = now() FROM oauth.tokens t WHERE t.hash = $1 AND t.grant_id = g.id AND g.client_id = $2 AND g.revoked_at IS NULL`,
        [req.tokenHash, req.clientId],
      );
      return {};
    }),
    Introspect: unary<Req<'Introspect'>, Record<string, unknown>>(log, async (req) => {
      if (!HASH.test(req.accessHash)) return { active: false };
      const r = await sql.query<{ account_id: string; resource: string; exp: string }>(
        `SELECT u.account_id, g.resource, extract(epoch FROM t.expires_at)::bigint::text AS exp
           FROM oauth.tokens t JOIN oauth.grants g ON g.id = t.grant_id JOIN oauth.users u ON u.id = g.user_id
          WHERE t.hash = $1 AND t.kind = 'access' AND t.expires_at > now() AND g.revoked_at IS NULL`,
        [req.accessHash],
      );
      const t = r.rows[0];
      const account = t ? await accountMessage(sql, t.account_id) : null;
      if (!t || !account) return { active: false };
      return { active: true, account, resource: t.resource, expiresAt: t.exp };
    }),
  } as unknown as H;
}
