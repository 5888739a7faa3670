/** A TCP proxy on loopback that a fault test can cut (the server is gone) and restore on the same port. */
import net from 'node:net';

export interface Proxy {
  port: number;
  url(scheme: string, path?: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  const make = () =>
    net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => {
          sockets.delete(s);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
  let server = make();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const stop = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return {
    port,
    url: (scheme, path = '') => `${scheme}://127.0.0.1:${port}${path}`,
    cut: stop,
    async restore() {
      server = make();
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
