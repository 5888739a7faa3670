/**
 * `npm run admin -- accounts ...`: the operators' account commands. They call the metering
 * service's MeteringAdmin over gRPC (never its tables). Bad arguments print the usage and exit 2;
 * a refusal by the service prints its code and exits 1.
 */
import { call, connect, problemOf } from '@svc/kit';
import { PLAN_IDS, TOP_UP_PACKS } from '@svc/metering';
import { proto } from '@svc/protos';
import type { AccountUsage__Output } from '@svc/protos/gen/svc/v1/AccountUsage';
import type { AdminAccount__Output } from '@svc/protos/gen/svc/v1/AdminAccount';
import type { CreateAccountResponse__Output } from '@svc/protos/gen/svc/v1/CreateAccountResponse';
import type { ListAccountsResponse__Output } from '@svc/protos/gen/svc/v1/ListAccountsResponse';
import type { RotateKeyResponse__Output } from '@svc/protos/gen/svc/v1/RotateKeyResponse';
import type { SetPlanResponse__Output } from '@svc/protos/gen/svc/v1/SetPlanResponse';
import type { TopUpResponse__Output } from '@svc/protos/gen/svc/v1/TopUpResponse';

const PACK_IDS = TOP_UP_PACKS.map((p) => p.id);

export const ACCOUNTS_USAGE = `  accounts create <company> --plan <plan>        create an account; prints its key once
  accounts plan <accountId> <plan>               move an account to another plan
  accounts topup <accountId> ${PACK_IDS.join('|').padEnd(20)}add runs to this month's pool
  accounts usage <accountId>                     this month's runs, top-ups and seats
  accounts rotate-key <accountId>                replace the key; prints the new one once
  accounts list                                  every account (never keys)

  plans: ${PLAN_IDS.join(', ')}`;

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

const ACCOUNT_ID = /^acct_[A-Za-z0-9]{1,64}$/;

class UsageError extends Error {}

const need = (cond: boolean, message: string): void => {
  if (!cond) throw new UsageError(message);
};

function accountIdArg(v: string | undefined): string {
  need(v !== undefined, 'missing <accountId>');
  need(ACCOUNT_ID.test(v!), `"${v}" is not an account id (acct_...); see: accounts list`);
  return v!;
}

function planArg(v: string | undefined): string {
  need(v !== undefined, `missing <plan>; plans: ${PLAN_IDS.join(', ')}`);
  need((PLAN_IDS as string[]).includes(v!), `unknown plan "${v}"; plans: ${PLAN_IDS.join(', ')}`);
  return v!;
}

const accountLine = (a: AdminAccount__Output | null) =>
  a ? `${a.id}  ${a.plan.padEnd(14)} ${a.status.padEnd(7)} ${a.keyId.padEnd(17)} seats ${String(a.seatsUsed).padStart(4)}  created ${a.createdAt}  ${a.company}` : '';

/** Runs one `accounts` command against the metering service at `address`; returns the exit code. */
export async function runAccounts(argv: readonly string[], address: string, io: Io = { out: console.log, err: console.error }): Promise<number> {
  const [cmd, ...args] = argv;
  const admin = connect(proto.meteringAdmin, address);
  const rpc = <T>(method: string, req: unknown, idempotent = false) => call<T>(admin, method, req, { deadlineMs: 10_000, idempotent });
  try {
    switch (cmd) {
      case 'create': {
        const at = args.indexOf('--plan');
        need(at >= 0, 'missing --plan <plan>');
        const plan = planArg(args[at + 1]);
        const rest = args.filter((_, i) => i !== at && i !== at + 1);
        need(rest.every((a) => !a.startsWith('--')), `unknown option ${rest.find((a) => a.startsWith('--'))}`);
        const company = rest.join(' ').trim();
        need(company.length > 0, 'missing <company>');
        const r = await rpc<CreateAccountResponse__Output>('CreateAccount', { company, plan });
        io.out(`created ${accountLine(r.account)}`);
        io.out(`key (shown only this once; give it to the company over a secure channel): ${r.key}`);
        return 0;
      }
      case 'plan': {
        need(args.length === 2, 'give <accountId> <plan>');
        const id = accountIdArg(args[0]);
        const r = await rpc<SetPlanResponse__Output>('SetPlan', { accountId: id, plan: planArg(args[1]) });
        io.out(r.previousPlan === r.account?.plan ? `${id} is already on ${r.previousPlan}` : `${id}: ${r.previousPlan} -> ${r.account?.plan}`);
        return 0;
      }
      case 'topup': {
        need(args.length === 2, `give <accountId> ${PACK_IDS.join('|')}`);
        const id = accountIdArg(args[0]);
        need(PACK_IDS.includes(args[1]!), `unknown top-up "${args[1]}"; top-ups: ${PACK_IDS.join(', ')}`);
        const r = await rpc<TopUpResponse__Output>('TopUp', { accountId: id, pack: args[1] });
        io.out(`${id}: +${r.runs} runs for ${r.month} (top-up ${r.id}); top-ups this month ${r.topUpRuns}, runs limit ${r.runsLimit}`);
        return 0;
      }
      case 'usage': {
        need(args.length === 1, 'give <accountId>');
        const r = await rpc<AccountUsage__Output>('Usage', { accountId: accountIdArg(args[0]) }, true);
        io.out(accountLine(r.account));
        io.out(`${r.month}: runs used ${r.runsUsed} of ${r.runsLimit} (plan ${r.planRuns} + top-ups ${r.topUpRuns}); overage runs ${r.overageRuns}; seats used ${r.seatsUsed}`);
        return 0;
      }
      case 'rotate-key': {
        need(args.length === 1, 'give <accountId>');
        const id = accountIdArg(args[0]);
        const r = await rpc<RotateKeyResponse__Output>('RotateKey', { accountId: id });
        io.out(`${id}: the old key no longer works; new key ${r.keyId}`);
        io.out(`key (shown only this once; give it to the company over a secure channel): ${r.key}`);
        return 0;
      }
      case 'list': {
        need(args.length === 0, 'list takes no arguments');
        let cursor = '';
        let shown = 0;
        do {
          const r = await rpc<ListAccountsResponse__Output>('ListAccounts', { limit: 200, cursor }, true);
          for (const a of r.accounts) io.out(accountLine(a));
          shown += r.accounts.length;
          cursor = r.nextCursor;
        } while (cursor);
        if (!shown) io.out('no accounts');
        return 0;
      }
      default:
        throw new UsageError(cmd ? `unknown command accounts ${cmd}` : 'missing command');
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`error: ${err.message}\n\nusage: npm run admin -- accounts <command>\n\n${ACCOUNTS_USAGE}`);
      return 2;
    }
    const p = problemOf(err);
    io.err(`error: ${p ? `${p.code}: ${p.message}` : (err as Error).message}`);
    return 1;
  } finally {
    admin.close();
  }
}
