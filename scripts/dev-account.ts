/**
 * The development account of a local start: created once on the top plan, its key written to
 * `<data dir>/dev-key` (readable by the owner only) and found again on later starts.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashKey, type Sql } from '@svc/kit';
import { accounts } from '@svc/metering';

export async function ensureDevAccount(sql: Sql, dataDir: string, notice: (message: string) => void = () => {}): Promise<{ key: string; created: boolean }> {
  const file = join(dataDir, 'dev-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    const found = await accounts.findByKeyHash(sql, hashKey(key));
    if (found && !found.replaced) return { key, created: false };
    // Never overwritten silently: the old key is kept beside it, and the start says so.
    renameSync(file, `${file}.previous`);
    notice(`The key in ${file} is ${found ? 'replaced' : 'not known to this database (another database was configured)'}; a new development account was created and its key written there (the old one is in dev-key.previous).`);
  }
  const { key } = await accounts.createAccount(sql, { company: 'Development', plan: 'platform', dev: true });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, created: true };
}
