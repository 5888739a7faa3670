/**
 * Operator users for MCP sign-in: `npm run admin -- users create <account-id> <email>`. The password
 * is read from SVC_USER_PASSWORD or from standard input (never from the command line, which shells
 * keep in their history); the OAuth service hashes it with scrypt.
 */
import { call, connect, problemOf, type Peers } from '@svc/kit';
import { proto } from '@svc/protos';

export const USERS_USAGE = '  users create <account-id> <email>              add an operator user for MCP sign-in (password from SVC_USER_PASSWORD or stdin)';

async function readPassword(): Promise<string> {
  if (process.env.SVC_USER_PASSWORD) return process.env.SVC_USER_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('password (at least 12 characters): ');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Creates one operator user; returns the new user's id. */
export async function createUser(peers: Pick<Peers, 'metering'>, accountId: string, email: string, password: string): Promise<string> {
  const client = connect(proto.oauth, peers.metering);
  try {
    const r = await call<{ userId: string }>(client, 'CreateUser', { accountId, email, password }, { deadlineMs: 10_000 });
    return r.userId;
  } finally {
    client.close();
  }
}

/** `users <command>`: the exit code, as admin.ts returns it. */
export async function usersCommand(args: string[], peers: Peers): Promise<number> {
  const [cmd, accountId, email] = args;
  if (cmd !== 'create' || !accountId || !email) {
    console.error(`usage: npm run admin -- users create <account-id> <email>\n${USERS_USAGE}`);
    return 2;
  }
  try {
    const id = await createUser(peers, accountId, email, await readPassword());
    console.log(`user ${id} created for account ${accountId}: ${email} can now sign in from MCP clients`);
    return 0;
  } catch (err) {
    console.error(problemOf(err)?.message ?? (err as Error).message);
    return 1;
  }
}
