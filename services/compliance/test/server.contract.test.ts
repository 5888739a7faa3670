/** The compliance service's other answers: Screen with the same classifier, and the standing of a subject never refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, createLogger, memoryBus, memoryKv, pgliteSql, type RunningService } from '@svc/kit';
import { proto } from '@svc/protos';
import type { ScreenResponse__Output } from '@svc/protos/gen/svc/v1/ScreenResponse';
import type { Standing__Output } from '@svc/protos/gen/svc/v1/Standing';
import { TELL_YOUR_USER, startCompliance } from '../src/service';

let svc: RunningService;
let client: InstanceType<typeof proto.compliance>;
const caller = { accountId: 'acct_s', endUser: '', plan: 'starter', requestId: 'r1' };

beforeAll(async () => {
  svc = await startCompliance({ sql: await pgliteSql(), kv: memoryKv('t'), bus: memoryBus(), log: createLogger('', 'silent'), listen: '127.0.0.1:0', peers: {} as never, env: {} });
  client = connect(proto.compliance, `127.0.0.1:${svc.port}`);
}, 60_000);
afterAll(async () => {
  client?.close();
  await svc?.stop();
});

describe('compliance service', () => {
  it('screens texts with the data pack, and says what to tell the user on a refusal', async () => {
    const r = await call<ScreenResponse__Output>(client, 'Screen', { caller, channel: 'mcp', route: 'knowledge', texts: ['GLYCERIN', 'what is the composition of the chassis'] });
    expect(r).toMatchObject({ decision: 'refuse', rule: 'screen.composition', tellYourUser: TELL_YOUR_USER });
    const ok = await call<ScreenResponse__Output>(client, 'Screen', { caller, channel: 'rest', route: 'search', texts: ['how do I use the chassis'] });
    expect(ok).toMatchObject({ decision: 'allow', rule: '', tellYourUser: '' });
    expect(ok.standing).toMatchObject({ state: 'active', subject: 'acct_s' });
  });

  it('answers active, version 0, for a subject never refused; per end user on lab', async () => {
    const s = await call<Standing__Output>(client, 'GetStanding', { caller: { ...caller, accountId: 'acct_new', endUser: 'u9', plan: 'lab' } });
    expect(s).toMatchObject({ state: 'active', until: '', strikesToday: 0, subject: 'acct_new/u9', level: 0, version: 0 });
  });

  it('refuses a request without a caller, naming the field', async () => {
    const err = await call(client, 'GetStanding', {}).then(() => null, (e: unknown) => e as Error);
    expect(err?.message).toContain('caller.accountId');
  });
});
