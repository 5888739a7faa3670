/**
 * A DNS server on loopback that answers A queries for the names it is given, as a cluster's DNS
 * answers for a headless Service (one record per ready pod). The records can change while it runs.
 * Only what a resolver asks for a name: A records with TTL 0, an empty answer for other types,
 * NXDOMAIN for unknown names.
 */
import { createSocket } from 'node:dgram';

export interface DnsServer {
  /** host:port of the server, for a `dns://<server>/<name>:<port>` gRPC target. */
  address: string;
  records: Map<string, string[]>;
  /** A queries answered per name: that callers did go through DNS. */
  queries: Map<string, number>;
  close(): Promise<void>;
}

/** The question's name and type, and where the question ends. */
function question(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let i = 12;
  while (msg[i]! > 0) {
    labels.push(msg.subarray(i + 1, i + 1 + msg[i]!).toString('ascii'));
    i += msg[i]! + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(i + 1), end: i + 5 };
}

export async function startDns(records: Record<string, string[]>): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const table = new Map(Object.entries(records).map(([k, v]) => [k.toLowerCase(), v]));
  const queries = new Map<string, number>();
  socket.on('message', (msg, from) => {
    if (msg.length < 17) return;
    const q = question(msg);
    const known = table.get(q.name);
    const answers = known && q.type === 1 ? known : [];
    if (known && q.type === 1) queries.set(q.name, (queries.get(q.name) ?? 0) + 1);
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    // QR, authoritative, the query's RD echoed, RA; NXDOMAIN for a name we do not hold.
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | 0x0080 | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const rrs = answers.map((ip) => {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(1, 2); // A
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(0, 6); // TTL 0: asked again at every resolution
      rr.writeUInt16BE(4, 10);
      ip.split('.').forEach((b, k) => rr.writeUInt8(Number(b), 12 + k));
      return rr;
    });
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...rrs]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    records: table,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
