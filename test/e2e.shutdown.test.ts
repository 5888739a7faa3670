/**
 * Shutdown under load: a stopping system stops accepting, answers every request already in
 * flight (telling keep-alive clients to close), and only then stops its services.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSystem } from '../scripts/system';

const serum = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };

interface Answer {
  status: number;
  close: boolean;
}

/**
 * A keep-alive connection written to by hand, so that a request is known to be on the wire (in the
 * server's socket buffer) when the test says so: a fetch client may still be queueing it.
 */
function connection(url: string): Promise<{ send(body: string, key: string): void; sendAllButLastByte(body: string, key: string): () => void; next(): Promise<Answer>; end(): void }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port) }, () => {
      let buffer = Buffer.alloc(0);
      const waiting: ((a: Answer) => void)[] = [];
      const failed: ((e: Error) => void)[] = [];
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        for (;;) {
          const head = buffer.indexOf('\r\n\r\n');
          if (head < 0) return;
          const headers = buffer.subarray(0, head).toString();
          const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
          if (buffer.length < head + 4 + length) return;
          buffer = buffer.subarray(head + 4 + length);
          waiting.shift()?.({ status: Number(headers.slice(9, 12)), close: /\r\nconnection: close/i.test(headers) });
          failed.shift();
        }
      });
      const fail = () => {
        for (const f of failed.splice(0)) f(new Error('connection closed before the answer'));
        waiting.splice(0);
      };
      socket.on('close', fail);
      socket.on('error', fail);
      const request = (body: string, key: string) =>
        `POST /check HTTP/1.1\r\nhost: ${u.host}\r\nx-svc-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      resolve({
        send(body, key) {
          socket.write(request(body, key));
        },
        // The request on the wire but for its last byte: the server cannot answer it until the
        // test sends that byte, so the test, not the scheduler, says when the answer is made.
        sendAllButLastByte(body, key) {
          const whole = request(body, key);
          socket.write(whole.slice(0, -1));
          return () => void socket.write(whole.slice(-1));
        },
        next: () => new Promise<Answer>((res, rej) => (waiting.push(res), failed.push(rej))),
        end: () => socket.destroy(),
      });
    });
    socket.on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('cuts no request in flight when stopped under load', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-shutdown-'));
    const sys = await startSystem({ dataDir, port: 0, logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 });
    const body = JSON.stringify(serum);
    const conns = await Promise.all(Array.from({ length: 40 }, () => connection(sys.url)));
    try {
      // 40 keep-alive connections, each answered once.
      const first = conns.map((c) => c.next());
      for (const c of conns) c.send(body, sys.key);
      expect((await Promise.all(first)).every((a) => a.status === 200)).toBe(true);
      // 40 requests written to them, all but their last byte, so none can be answered before the
      // stop begins; the stop begins, and then their last bytes arrive.
      const answers = conns.map((c) => c.next().catch((err: Error) => ({ status: 0, close: false, err: err.message })));
      const finish = conns.map((c) => c.sendAllButLastByte(body, sys.key));
      const stopped = sys.stop();
      for (const f of finish) f();
      const results = await Promise.all(answers);
      await stopped;
      // Each is answered, in full, and tells its client to close the connection.
      expect(results.filter((r) => r.status !== 200 || !r.close)).toEqual([]);
      // Once stopped, nothing answers.
      await expect(fetch(`${sys.url}/healthz`)).rejects.toThrow();
    } finally {
      for (const c of conns) c.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
