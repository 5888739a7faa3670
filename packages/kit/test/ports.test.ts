import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/ports';

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve(s));
  });

describe('freePort', () => {
  it('gives a port below the kernel’s own range that can be bound, a different one while it is held', async () => {
    const kernelFrom = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    const held: net.Server[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const port = await freePort();
        expect(port).toBeGreaterThanOrEqual(1_024);
        expect(port).toBeLessThan(kernelFrom);
        held.push(await listen(port)); // would throw EADDRINUSE if it were taken, by us or anyone
      }
      expect(new Set(held.map((s) => (s.address() as net.AddressInfo).port)).size).toBe(20);
    } finally {
      await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
    }
  });
});
