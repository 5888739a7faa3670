/**
 * MCP sign-in end to end with the SDK's own client: discovery from the 401, dynamic registration,
 * authorization code with PKCE S256 through the sign-in and consent pages, token, a tool call,
 * refresh with rotation (a replayed refresh token revokes the grant), and revocation.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase } from '@svc/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../scripts/system';
import { MemoryProvider, operatorUser, REDIRECT, signInByForm } from './support/oauth';

const EMAIL = 'operator@example.com';
const PASSWORD = 'correct horse battery staple';
const formula = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };

const token = (sys: RunningSystem, body: Record<string, string>) =>
  fetch(`${sys.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));

async function callWith(sys: RunningSystem, accessToken: string): Promise<CallToolResult> {
  const c = new Client({ name: 'test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${sys.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${accessToken}` } } }));
  try {
    return (await c.callTool({ name: 'check_formula', arguments: formula })) as CallToolResult;
  } finally {
    await c.close();
  }
}

describe('MCP sign-in (OAuth)', () => {
  let sys: RunningSystem;
  // The OAuth store on real PostgreSQL (its production storage), in a database of its own.
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-oauth-'));
  beforeAll(async () => {
    db = await freshDatabase('oauth', { catalogue: true });
    sys = await startSystem({ dataDir, port: 0, logLevel: 'silent', databaseUrl: db.url, ratePerSecond: 100_000 });
    await operatorUser(sys, EMAIL, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await sys?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('publishes the metadata of the resource and of the authorization server', async () => {
    const pr = (await (await fetch(`${sys.url}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    expect(pr).toMatchObject({ resource: `${sys.url}/mcp`, authorization_servers: [sys.url] });
    const as = (await (await fetch(`${sys.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(as).toMatchObject({ issuer: sys.url, code_challenge_methods_supported: ['S256'], token_endpoint_auth_methods_supported: ['none'] });
  });

  it('registers, authorizes with PKCE, calls a tool, refreshes with rotation, and revokes', async () => {
    const provider = new MemoryProvider();
    const first = new Client({ name: 'test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${sys.url}/mcp`), { authProvider: provider });
    // No token yet: the 401 sends the client through discovery, registration and the redirect.
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toBeTruthy();
    const url = provider.authorizationUrl!;
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${sys.url}/mcp`);

    const back = await signInByForm(url, EMAIL, PASSWORD);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const code = back.searchParams.get('code')!;
    await transport.finishAuth(code);
    expect(provider.saved?.access_token).toMatch(/^svc_oat_/);

    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${sys.url}/mcp`), { authProvider: provider }));
    const r = (await client.callTool({ name: 'check_formula', arguments: formula })) as CallToolResult;
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    expect((r.structuredContent as { verdict: string }).verdict).toBe('compatible');
    await client.close();

    // A code is single-use.
    const clientId = provider.info!.client_id;
    const again = await token(sys, { grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: REDIRECT, code_verifier: provider.verifier });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    // Refresh rotates: the new pair works, the old refresh token is spent.
    const refreshed = await token(sys, { grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token!, client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(provider.saved!.refresh_token);
    expect((await callWith(sys, refreshed.body.access_token!)).isError).toBeFalsy();

    // Revocation: the access token stops working at once.
    const revoke = await fetch(`${sys.url}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: refreshed.body.access_token!, client_id: clientId }).toString() });
    expect(revoke.status).toBe(200);
    await expect(callWith(sys, refreshed.body.access_token!)).rejects.toThrow(/401|invalid_token|Unauthorized/i);
    // ...and with it its grant: the refresh token of the same grant is refused too.
    expect((await token(sys, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token!, client_id: clientId })).body.error).toBe('invalid_grant');
  });

  it('revokes the whole grant when a rotated refresh token is replayed', async () => {
    const provider = new MemoryProvider();
    const transport = new StreamableHTTPClientTransport(new URL(`${sys.url}/mcp`), { authProvider: provider });
    await expect(new Client({ name: 't', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    await transport.finishAuth((await signInByForm(provider.authorizationUrl!, EMAIL, PASSWORD)).searchParams.get('code')!);
    const clientId = provider.info!.client_id;
    const old = provider.saved!.refresh_token!;
    const next = await token(sys, { grant_type: 'refresh_token', refresh_token: old, client_id: clientId });
    expect(next.status).toBe(200);
    expect((await token(sys, { grant_type: 'refresh_token', refresh_token: old, client_id: clientId })).body.error).toBe('invalid_grant');
    // The thief's replay ended the family: the legitimate new refresh token is refused as well.
    expect((await token(sys, { grant_type: 'refresh_token', refresh_token: next.body.refresh_token!, client_id: clientId })).body.error).toBe('invalid_grant');
  });

  it('slows password guessing: past 10 attempts a quarter hour, an address gets 429', async () => {
    const provider = new MemoryProvider();
    const transport = new StreamableHTTPClientTransport(new URL(`${sys.url}/mcp`), { authProvider: provider });
    await expect(new Client({ name: 't', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const page = await fetch(provider.authorizationUrl!);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
    let html = await page.text();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const csrf = /name="csrf" value="([^"]*)"/.exec(html)![1]!;
      const r = await fetch(`${sys.url}/oauth/authorize`, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrf, email: 'guessed@example.com', password: `guess-${i}` }).toString() });
      statuses.push(r.status);
      html = await r.text();
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(html).toMatch(/Too many sign-in attempts/);
  });

  it('creates operator users with the admin CLI, refusing a short password by name', async () => {
    const { execFile } = await import('node:child_process');
    const account = (await sys.adapters.sql.query<{ id: string }>('SELECT id FROM metering.accounts ORDER BY created_at LIMIT 1')).rows[0]!.id;
    const admin = (args: string[], password: string) =>
      new Promise<{ code: number; out: string }>((resolve) => {
        const env: NodeJS.ProcessEnv = { ...process.env, SVC_DATA_DIR: dataDir, SVC_USER_PASSWORD: password };
        delete env.SVC_LIBRARY_ADDR;
        execFile(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }));
      });
    const short = await admin(['users', 'create', account, 'cli@example.com'], 'short');
    expect(short.code).toBe(1);
    expect(short.out).toMatch(/password/);
    const made = await admin(['users', 'create', account, 'cli@example.com'], 'a password long enough');
    expect(made.code, made.out).toBe(0);
    expect(made.out).toMatch(/cli@example\.com can now sign in/);
    const stored = (await sys.adapters.sql.query<{ password_hash: string }>("SELECT password_hash FROM oauth.users WHERE email = 'cli@example.com'")).rows[0]!;
    expect(stored.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored.password_hash).not.toContain('a password long enough');
    expect((await admin(['users', 'create'], 'x')).code).toBe(2);
  }, 120_000);

  it('refuses bad requests with the OAuth error naming the field', async () => {
    const reg = await fetch(`${sys.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://evil.example/cb'] }) });
    expect(reg.status).toBe(400);
    expect(((await reg.json()) as { error_description: string }).error_description).toMatch(/redirect_uris/);
    expect((await token(sys, { grant_type: 'password', client_id: 'x' })).body.error).toBe('unsupported_grant_type');
    expect((await token(sys, { grant_type: 'authorization_code', client_id: 'x', code: 'y', code_verifier: 'short' })).body.error_description).toMatch(/code_verifier/);
    const unknown = await fetch(`${sys.url}/oauth/authorize?client_id=nobody&response_type=code`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toMatch(/client_id/);
    // A sign-in form posted without the page's token (CSRF) is refused.
    const forged = await fetch(`${sys.url}/oauth/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `email=${EMAIL}&password=x` });
    expect(forged.status).toBe(400);
  });
});
