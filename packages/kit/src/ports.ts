import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Where the kernel hands out ports of its own (to `listen(0)` and to outgoing connections): a
 * port chosen below it is not given to anyone else between the asking and the binding.
 */
function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 2_048 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

/** Listens on the port (0: any the kernel gives) and closes again: the port it had, or null if taken. */
const tryPort = (port: number): Promise<number | null> =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.unref();
    s.once('error', () => resolve(null));
    s.listen(port, '127.0.0.1', () => {
      const bound = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(bound));
    });
  });

/**
 * A loopback port free at the time of asking, for processes that must be told their port up front.
 * Picked at random below the kernel's own range, so that another process starting a server or
 * opening connections meanwhile (a second test file, say) does not take it before it is bound.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralStart();
  const low = Math.max(1_024, high - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await tryPort(randomInt(low, high));
    if (port !== null) return port;
  }
  // Everything tried is taken (an unusual machine): any port the kernel gives.
  const any = await tryPort(0);
  if (any === null) throw new Error('no loopback port could be bound');
  return any;
}
