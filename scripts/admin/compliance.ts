/**
 * The operators' compliance commands: `npm run admin -- compliance <command>`.
 *
 *   refusals [--account <id>] [--subject <subject>] [--limit <n>]   the refusal audit log, newest first
 *   standing <subject>                                               a subject's standing
 *   lift <subject> <reason...>                                       end a suspension or a ban
 *
 * A subject is an account id, or `<account id>/<end user>` where strikes are counted per end user.
 */
import { call, connect, problemOf } from '@svc/kit';
import { proto } from '@svc/protos';
import type { ListRefusalsResponse__Output } from '@svc/protos/gen/svc/v1/ListRefusalsResponse';
import type { Refusal__Output } from '@svc/protos/gen/svc/v1/Refusal';
import type { Standing__Output } from '@svc/protos/gen/svc/v1/Standing';

export const COMPLIANCE_USAGE = `usage: npm run admin -- compliance <command>

  compliance refusals [--account <id>] [--subject <subject>] [--limit <n>]   the refusal audit log, newest first
  compliance standing <subject>                                               a subject's standing
  compliance lift <subject> <reason...>                                       end a suspension or a ban

  A subject is an account id, or <account id>/<end user> where strikes are counted per end user.`;

type Print = (line: string) => void;

const refusalRow = (r: Refusal__Output) =>
  `${r.at}  ${r.subject}  ${r.channel.padEnd(4)}  ${r.rule.padEnd(28)}  ${r.outcome.padEnd(15)}  request ${r.requestId}  hash ${r.requestHash.slice(0, 16)}`;

const standingRow = (s: Standing__Output) =>
  `${s.subject}: ${s.state}${s.until ? ` until ${s.until}` : ''}, ${s.strikesToday} strike(s) today, ladder step ${s.level}`;

/** Parses `--name value` options; anything else is a positional argument. */
function options(args: string[]): { flags: Record<string, string>; rest: string[] } | string {
  const flags: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) {
      rest.push(a);
      continue;
    }
    const v = args[++i];
    if (v === undefined) return `${a} needs a value`;
    flags[a.slice(2)] = v;
  }
  return { flags, rest };
}

/** Runs one command against the compliance service at `address`; returns the exit code. */
export async function complianceAdmin(argv: string[], address: string, out: Print = console.log, err: Print = console.error): Promise<number> {
  const [cmd, ...args] = argv;
  const parsed = options(args);
  if (typeof parsed === 'string') {
    err(`error: ${parsed}\n${COMPLIANCE_USAGE}`);
    return 2;
  }
  const { flags, rest } = parsed;
  const client = connect(proto.compliance, address);
  try {
    if (cmd === 'refusals') {
      const unknown = Object.keys(flags).filter((f) => !['account', 'subject', 'limit'].includes(f));
      if (unknown.length || rest.length) {
        err(`error: unknown argument ${unknown.length ? `--${unknown[0]}` : rest[0]}\n${COMPLIANCE_USAGE}`);
        return 2;
      }
      const want = flags.limit === undefined ? Infinity : Number(flags.limit);
      if (flags.limit !== undefined && (!/^\d{1,4}$/.test(flags.limit) || want < 1)) {
        err('error: --limit must be a whole number from 1 to 9999');
        return 2;
      }
      let cursor = '';
      let shown = 0;
      do {
        const page = await call<ListRefusalsResponse__Output>(client, 'ListRefusals', { accountId: flags.account ?? '', subject: flags.subject ?? '', limit: Math.min(100, want - shown), cursor }, { idempotent: true, deadlineMs: 5_000 });
        for (const r of page.refusals) out(refusalRow(r));
        shown += page.refusals.length;
        cursor = page.nextCursor;
      } while (cursor && shown < want);
      if (!shown) out('no refusals');
      return 0;
    }
    if (cmd === 'standing' && rest.length === 1) {
      const [accountId, endUser] = rest[0]!.split('/');
      // The subject is rebuilt from its parts on a plan that isolates end users.
      const s = await call<Standing__Output>(client, 'GetStanding', { caller: { accountId, endUser: endUser ?? '', plan: endUser ? 'platform' : '', requestId: 'admin' } }, { idempotent: true, deadlineMs: 5_000 });
      out(standingRow(s));
      return 0;
    }
    if (cmd === 'lift' && rest.length >= 2) {
      const s = await call<Standing__Output>(client, 'Lift', { subject: rest[0], reason: rest.slice(1).join(' ') }, { deadlineMs: 10_000 });
      out(`lifted: ${standingRow(s)}`);
      return 0;
    }
    err(COMPLIANCE_USAGE);
    return 2;
  } catch (e) {
    const p = problemOf(e);
    err(`error: ${p ? `${p.code}: ${p.message}` : (e as Error).message}`);
    return 1;
  } finally {
    client.close();
  }
}
