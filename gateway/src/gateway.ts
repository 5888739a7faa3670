/** Starts the gateway's HTTP server against the services at `peers`. */
import { createServer, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { API_VERSION, connect, requestId, type Bus, type Kv, type Logger, type Peers } from '@svc/kit';
import { createApp } from './app';
import { KeyAuth } from './auth';
import { createClients, rpc } from './clients';
import { ComplianceGate } from './compliance';
import { subscribeEvent } from '@svc/protos';
import { TtlCache } from './cache';
import type { SearchCache } from './operations/index';
import type { Meta__Output } from '@svc/protos/gen/svc/v1/Meta';
import { RunLeases } from './metering';
import { seatCheck, SeatWatch } from './seats';
import { UsageCache, usageFromMetering } from './usage';
import { oauthFlow } from './oauth/flow';
import { AccessTokenCache, OAuthService } from './oauth/tokens';

export interface GatewayOptions {
  peers: Peers;
  bus: Bus;
  kv: Kv;
  log: Logger;
  host: string;
  port: number;
  publicUrl?: string;
  ratePerSecond?: number;
  /** Addresses of the load balancers in front, whose X-Forwarded-For is believed. */
  trustedProxies?: readonly string[];
  /** How long a request (headers and body) may take to arrive; 30 s unless a test says otherwise. */
  requestTimeoutMs?: number;
  /** The clock of standing and probe windows (tests move it). */
  now?: () => number;
  /**
   * Without the standing and screening stages: only for measuring what they cost per request (the
   * bench runs one gateway of each beside the same services). No configuration reaches it.
   */
  withoutCompliance?: boolean;
  /**
   * This gateway's name to metering, one live process per name, the same after a restart (a run
   * leased to a gateway that died is then rejoined at once, not sold again): by default the host
   * and the configured port (which one process holds at a time); none with an ephemeral port.
   */
  holder?: string;
}

/** How long a stopping gateway waits for the requests in flight. */
const DRAIN_MS = 10_000;
/**
 * How long a keep-alive connection that was idle when a stop began is kept open for a request its
 * client may be writing to it. At 500 ms a client starved of CPU on a loaded 2-core machine wrote
 * its next request after the close, which it saw as a cut request (UND_ERR_SOCKET, once in six suite
 * runs); a stop with idle connections now takes 1 s longer.
 */
const GRACE_MS = 1_500;

export interface RunningGateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startGateway(o: GatewayOptions): Promise<RunningGateway> {
  const clients = createClients(o.peers);
  const auth = new KeyAuth(clients, o.kv, new Set(o.trustedProxies ?? []));
  const invalidEvent = (info: { subject: string; id: string; problem: string }) => o.log.warn(info, 'invalid event skipped');
  await auth.listen(o.bus, invalidEvent);
  // Standing and screening (pipeline stages 4 and 6): in process, fed by compliance events.
  const compliance = new ComplianceGate(clients, o.log, o.now);
  await compliance.listen(o.bus, invalidEvent);
  const searches: SearchCache = new TtlCache(60_000, 10_000);
  const librarySub = await subscribeEvent(o.bus, 'library.updated', () => searches.clear(), invalidEvent);
  // The data vintage changes only with a library upgrade; a minute-old copy is fine, and without
  // the library the primer still answers, saying the vintage is unavailable.
  let meta: { value: Meta__Output; at: number } | null = null;
  const libraryMeta = async (requestId: string): Promise<Meta__Output | null> => {
    if (meta && Date.now() - meta.at < 60_000) return meta.value;
    try {
      meta = { value: await rpc(clients, 'library', 'GetMeta', {}, { idempotent: true, requestId, deadlineMs: 800 }), at: Date.now() };
      return meta.value;
    } catch {
      return meta?.value ?? null;
    }
  };
  // Links in answers name the configured public address, else this gateway's own (known once bound).
  let selfUrl: string | undefined;
  const holder = o.holder ?? (o.port ? `${hostname()}:${o.port}` : '');
  const leases = new RunLeases(clients, o.log, Date.now, { name: holder, incarnation: holder ? `${process.pid}-${randomUUID()}` : '' });
  await leases.listen(o.bus, invalidEvent);
  const seats = new SeatWatch();
  await seats.listen(o.bus, invalidEvent);
  const baseUrl = () => o.publicUrl ?? selfUrl ?? 'http://127.0.0.1';
  // MCP sign-in: the metering process serves the OAuth service beside Metering.
  const oauthSvc = new OAuthService(o.peers.metering, (ctor, address) => connect(ctor, address));
  const tokens = new AccessTokenCache(oauthSvc, () => `${baseUrl()}/mcp`, () => `${baseUrl()}/.well-known/oauth-protected-resource/mcp`);
  const oauth = { tokens, handlers: oauthFlow({ svc: oauthSvc, tokens, kv: o.kv, log: o.log, baseUrl }) };
  const usage = new UsageCache(usageFromMetering(clients));
  usage.live = (accountId, endUser) => leases.usageOf(accountId, endUser);
  const app = createApp({
    clients,
    auth,
    kv: o.kv,
    log: o.log,
    publicUrl: () => o.publicUrl ?? selfUrl,
    ratePerSecond: o.ratePerSecond,
    searches,
    libraryMeta,
    usage,
    oauth,
    hooks: {
      ...(o.withoutCompliance ? {} : compliance.hooks()),
      metering: async (ctx) => {
        // A missing x-svc-user is refused here; whether the id holds a seat is metering's answer.
        seatCheck(ctx.account, ctx.endUser, seats);
        return leases.take(ctx.caller.accountId, ctx.caller.endUser, ctx.requestId);
      },
    },
  });
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      // A body that never finishes, or headers sent a byte a minute, do not hold a connection for
      // minutes: the deadlines are checked every second (Node's default check is every 30 s).
      const requestTimeout = o.requestTimeoutMs ?? 30_000;
      const s = createServer({ requestTimeout, headersTimeout: Math.min(15_000, requestTimeout), connectionsCheckingInterval: 1_000 }, app);
      s.once('error', reject);
      s.listen(o.port, o.host, () => {
        s.off('error', reject);
        resolve(s);
      });
    });
  } catch (err) {
    await leases.stop();
    await seats.stop();
    await auth.stop();
    await compliance.stop();
    await librarySub.stop();
    clients.close();
    oauthSvc.close();
    throw err;
  }
  // Headers beyond Node's limit get the same JSON envelope as every other error, not a bare 431.
  // Requests Node refuses before Express sees them get the same envelope, with a request id too.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const [status, code, message] =
      err.code === 'HPE_HEADER_OVERFLOW' ? ['431 Request Header Fields Too Large', 'headers_too_large', 'the request headers are larger than 16 kB']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? ['408 Request Timeout', 'request_timeout', 'the request did not arrive in time; send it again']
      : ['400 Bad Request', 'invalid_request', 'the request could not be read'];
    const id = requestId();
    const body = JSON.stringify({ error: { code, message }, request_id: id });
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\nx-request-id: ${id}\r\nsvc-version: ${API_VERSION}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  server.keepAliveTimeout = 65_000;
  let draining = false;
  // Answers in progress, so that a stop can tell each of their clients to close its connection.
  const open = new Set<ServerResponse>();
  const closing = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (draining) return closing(res);
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`;
  selfUrl = url;
  o.log.info({ url }, 'gateway listening');
  return {
    url,
    port,
    async stop() {
      // Drain: stop accepting new connections, tell every keep-alive client to go (Connection:
      // close on each answer), and give requests already on their way over an open connection
      // GRACE_MS to arrive before idle connections are closed; requests in flight finish, and what
      // is left is cut after DRAIN_MS at most. (http.Server#close would close idle keep-alive
      // connections at once, racing requests the client has just written to them.)
      draining = true;
      for (const res of open) closing(res);
      await new Promise<void>((resolve) => {
        net.Server.prototype.close.call(server, () => resolve());
        let idle: NodeJS.Timeout | undefined;
        // Timers run before the event loop reads sockets: after a busy spell, a request already in a
        // socket's buffer would be cut with its "idle" connection. setImmediate runs after the reads,
        // so a connection is closed only once what arrived on it has been seen.
        const closeIdle = () => setImmediate(() => server.closeIdleConnections());
        const grace = setTimeout(() => {
          closeIdle();
          idle = setInterval(closeIdle, 50);
        }, GRACE_MS);
        const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
        server.once('close', () => {
          clearTimeout(grace);
          clearInterval(idle);
          clearTimeout(deadline);
        });
      });
      // The calls spent from leases are reported before the clients close.
      await leases.stop();
      await seats.stop();
      await auth.stop();
      await compliance.stop();
      await librarySub.stop();
      clients.close();
      oauthSvc.close();
    },
  };
}
