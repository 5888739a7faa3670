/**
 * The operators' admin CLI: `npm run admin -- <area> <command> [args]`. It talks to the services
 * over gRPC like the gateway does, at the addresses in SVC_*_ADDR, or those a running embedded
 * start wrote to <SVC_DATA_DIR>/addresses.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, connect, peersFromEnv, problemOf, type Peers } from '@svc/kit';
import { proto } from '@svc/protos';
import { ACCOUNTS_USAGE, runAccounts } from './admin/accounts';
import type { ListSubmissionsResponse__Output } from '@svc/protos/gen/svc/v1/ListSubmissionsResponse';
import type { Submission__Output } from '@svc/protos/gen/svc/v1/Submission';
import { USERS_USAGE, usersCommand } from './admin/users';
import { complianceAdmin } from './admin/compliance';

const USAGE = `usage: npm run admin -- <command>

  submissions list [pending|approved|rejected]   list submitted ingredients (default: pending)
  submissions approve <id> [reason...]           make a submitted ingredient searchable
  submissions reject <id> <reason...>            reject a submission, with the reason
  compliance refusals | standing | lift          the refusal audit log, standing, lifting suspensions
${ACCOUNTS_USAGE}
${USERS_USAGE}`;

function peers(): Peers {
  const file = join(process.env.SVC_DATA_DIR || '.data', 'addresses.json');
  const fromEnv = peersFromEnv();
  if (!process.env.SVC_LIBRARY_ADDR && existsSync(file)) return { ...fromEnv, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<Peers>) };
  return fromEnv;
}

const row = (s: Submission__Output) =>
  `${s.id.padStart(5)}  ${s.status.padEnd(8)}  ${s.inci}${s.cas ? ` (CAS ${s.cas})` : ''}  x${s.times}  account ${s.accountId}${s.functions.length ? `  [${s.functions.join(', ')}]` : ''}${s.note ? `\n       note: ${s.note}` : ''}${s.reason ? `\n       reason: ${s.reason}` : ''}`;

async function main(argv: string[]): Promise<number> {
  const [area, cmd, ...rest] = argv;
  if (area === 'accounts') return runAccounts(argv.slice(1), peers().metering);
  if (area === 'users') return usersCommand(argv.slice(1), peers());
  if (area === 'compliance') return complianceAdmin(argv.slice(1), peers().compliance);
  if (area !== 'submissions' || !cmd) {
    console.error(USAGE);
    return 2;
  }
  const library = connect(proto.library, peers().library);
  try {
    if (cmd === 'list') {
      const status = rest[0] ?? 'pending';
      // Every page, newest first: an operator's review queue is not cut at a page size.
      let cursor = '';
      let shown = 0;
      do {
        const r = await call<ListSubmissionsResponse__Output>(library, 'ListSubmissions', { status: status === 'all' ? '' : status, limit: 100, cursor }, { idempotent: true, deadlineMs: 5_000 });
        for (const s of r.submissions) console.log(row(s));
        shown += r.submissions.length;
        cursor = r.nextCursor;
      } while (cursor);
      if (!shown) console.log(`no ${status} submissions`);
      return 0;
    }
    if (cmd === 'approve' || cmd === 'reject') {
      const [id, ...why] = rest;
      if (!id || (cmd === 'reject' && !why.length)) {
        console.error(USAGE);
        return 2;
      }
      const s = await call<Submission__Output>(library, 'Decide', { id, decision: cmd, reason: why.join(' ') }, { deadlineMs: 10_000 });
      console.log(row(s));
      if (cmd === 'approve') console.log(s.added ? `${s.inci} is now searchable` : `${s.inci} was already in the library`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (err) {
    const p = problemOf(err);
    console.error(`error: ${p ? `${p.code}: ${p.message}` : (err as Error).message}`);
    return 1;
  } finally {
    library.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
