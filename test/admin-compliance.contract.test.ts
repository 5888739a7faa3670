/** The operators' compliance commands against a running compliance service: audit log, standing, lift. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, createLogger, memoryBus, memoryKv, pgliteSql, type RunningService } from '@svc/kit';
import { proto } from '@svc/protos';
import { startCompliance } from '@svc/compliance';
import { complianceAdmin } from '../scripts/admin/compliance';

let svc: RunningService;
let address: string;

beforeAll(async () => {
  svc = await startCompliance({ sql: await pgliteSql(), kv: memoryKv('t'), bus: memoryBus(), log: createLogger('', 'silent'), listen: '127.0.0.1:0', peers: {} as never, env: {} });
  address = `127.0.0.1:${svc.port}`;
  const client = connect(proto.compliance, address);
  for (let i = 0; i < 4; i++) {
    await call(client, 'RecordRefusal', { caller: { accountId: 'acct_admin', endUser: 'u1', plan: 'lab', requestId: `r${i}` }, channel: i % 2 ? 'mcp' : 'rest', rule: 'screen.composition', requestHash: 'a'.repeat(63) + i });
  }
  client.close();
}, 60_000);

afterAll(async () => svc?.stop());

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await complianceAdmin(argv, address, (l) => out.push(l), (l) => err.push(l));
  return { code, out, err };
}

describe('npm run admin -- compliance', () => {
  it('lists the audit log newest first with subject, channel, rule, request hash and time', async () => {
    const r = await run('refusals', '--account', 'acct_admin');
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(4);
    expect(r.out[0]).toMatch(/^\d{4}-\d\d-\d\dT.*acct_admin\/u1 {2}mcp .*screen\.composition.*suspended_hour.*request r3 .*hash a{16}/);
    expect((await run('refusals', '--subject', 'acct_admin/u1', '--limit', '2')).out).toHaveLength(2);
    expect((await run('refusals', '--account', 'nobody')).out).toEqual(['no refusals']);
  });

  it('shows and lifts a suspension', async () => {
    expect((await run('standing', 'acct_admin/u1')).out[0]).toMatch(/acct_admin\/u1: suspended until .* 4 strike\(s\) today/);
    const lifted = await run('lift', 'acct_admin/u1', 'false', 'positive', 'after review');
    expect(lifted.code).toBe(0);
    expect(lifted.out[0]).toMatch(/lifted: acct_admin\/u1: active/);
    expect((await run('standing', 'acct_admin/u1')).out[0]).toMatch(/: active, 0 strike/);
  });

  it('answers "nothing to lift" for a subject with no record, such as the end user without its account', async () => {
    const r = await run('lift', 'u1', 'after review');
    expect(r.code).toBe(1);
    expect(r.err[0]).toMatch(/not_found: subject: u1 has no standing on record.*account id\/end user/);
    expect((await run('standing', 'acct_admin/u1')).out[0]).toMatch(/: active/);
  });

  it('refuses bad input with a clear message and exit code 2 (or 1 from the service)', async () => {
    expect((await run('refusals', '--limit', 'many')).err[0]).toMatch(/--limit must be a whole number/);
    expect((await run('refusals', '--colour', 'red')).code).toBe(2);
    expect((await run('refusals', '--account')).err[0]).toMatch(/--account needs a value/);
    expect((await run('lift', 'acct_admin')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
    const bad = await run('lift', 'not a subject!', 'why');
    expect(bad.code).toBe(1);
    expect(bad.err[0]).toMatch(/subject/);
  });
});
