/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, from the lock file, so it
 * runs offline) against the path-key address of the embedded system, for the server scenarios that
 * apply to this server. The others, and why they do not apply, are listed in docs/mcp.md.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';

export const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const cli = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

function scenario(url: string, name: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, 'server', '--url', url, '--scenario', name], { timeout: 60_000, cwd: '/tmp' }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}\n${stderr}` });
    });
  });
}

describe('MCP conformance (official suite, server scenarios that apply)', () => {
  let sys: RunningSystem;
  systemForSuite('conformance', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 }, (s) => (sys = s));

  it.each(APPLICABLE)('passes %s against /mcp/<key>', async (name) => {
    const r = await scenario(`${sys.url}/mcp/${sys.key}`, name);
    if (process.env.CONFORMANCE_VERBOSE) console.log(r.out);
    expect(r.out).not.toMatch(/\bFAIL(URE|ED)?\b/);
    expect(r.out).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    expect(r.code, r.out).toBe(0);
  }, 90_000);
});
