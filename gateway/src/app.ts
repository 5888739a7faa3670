/**
 * The gateway's HTTP surface: request ids and version headers, authentication, rate limits,
 * then the routes, then the one error mapper. No domain logic lives here.
 */
import { API_VERSION, httpRequests, httpSeconds, requestId, traceparent, tracing, type Kv, type Logger } from '@svc/kit';
import express, { type Express, type RequestHandler } from 'express';
import type { KeyAuth } from './auth';
import type { Clients } from './clients';
import './context';
import { errorHandler, HttpError, notFound } from './errors';
import { stripPathKey } from './mcp/credentials';
import { mcpHandler, type AccessTokens } from './mcp/server';
import { methodNotAllowed, operations, restRouter, type OperationDeps, type PipelineDeps, type StageHooks } from './operations/index';
import { refusalUsage, type UsageCache } from './usage';

export interface AppDeps extends OperationDeps {
  clients: Clients;
  auth: KeyAuth;
  kv: Kv;
  log: Logger;
  publicUrl?: () => string | undefined;
  bodyLimit?: string;
  ratePerSecond?: number;
  usage: UsageCache;
  hooks?: StageHooks;
  /** Host names besides loopback and the public address' that may address the MCP server. */
  mcpAllowedHosts?: readonly string[];
  /** MCP sign-in (OAuth), when the OAuth service is wired: its access tokens and its HTTP handlers by operation id. */
  oauth?: { tokens: AccessTokens; handlers: Readonly<Record<string, RequestHandler>> };
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{8,128}$/;
const KEY_SHAPED = /svc_(live|test|mcp)_/i;
/** A key's body without its prefix is a long run of base62: never taken as a caller's request id. */
const KEY_BODY_SHAPED = /[A-Za-z0-9]{24,}/;

/** Stage 1 (request id and version) and the access log, as one middleware: it runs on every request. */
function front(log: Logger): RequestHandler {
  return (req, res, next) => {
    // The key of /mcp/<key> leaves the URL before anything (ids, access log, metrics) sees it.
    stripPathKey(req);
    const incoming = req.headers['x-request-id'];
    // A caller's own id is kept when it is sane, so its logs and ours line up; never one that
    // looks like a key, which would then be written to every log line of the request.
    req.id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) && !KEY_SHAPED.test(incoming) && !KEY_BODY_SHAPED.test(incoming) ? incoming : requestId();
    res.setHeader('x-request-id', req.id);
    res.setHeader('svc-version', API_VERSION);
    if (tracing) {
      // The trace to quote when asking about this request.
      const tp = traceparent();
      if (tp) res.setHeader('traceparent', tp);
    }
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      // The matched route pattern, never the path: paths can hold keys (/mcp/<key>) and free text.
      const route = (req.route?.path as string | undefined) ?? (res.statusCode === 404 ? 'unmatched' : 'other');
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      httpRequests.inc({ route, status: String(res.statusCode) });
      httpSeconds.observe({ route }, seconds);
      if (log.isLevelEnabled('info')) log.info({ requestId: req.id, account: req.account?.id, method: req.method, route, status: res.statusCode, ms: seconds * 1e3 }, 'request');
    });
    const pinned = req.headers['svc-version'];
    // Node joins a repeated header with ", "; the same version sent twice is still that version.
    if (pinned === undefined || String(pinned).split(',').every((v) => v.trim() === API_VERSION)) return next();
    // The value is not echoed: callers have been seen to paste a key into the wrong header.
    next(new HttpError(400, 'unsupported_version', `this svc-version is not supported; this service speaks ${API_VERSION}`, { field: 'svc-version', supported: [API_VERSION] }));
  };
}

export function createApp(d: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Stage 1 of the pipeline, app-wide so that a 404 carries a request id and the version too.
  app.use(front(d.log));
  const pipeline: PipelineDeps = {
    clients: d.clients,
    auth: d.auth,
    kv: d.kv,
    log: d.log,
    usage: d.usage,
    ratePerSecond: d.ratePerSecond ?? 0,
    publicUrl: d.publicUrl,
    // The body is read inside the pipeline, after the key: an anonymous caller cannot make us parse 256 kB.
    readJson: express.json({ limit: d.bodyLimit ?? '256kb', strict: false, type: ['application/json', 'application/*+json'] }),
    ...(d.hooks ? { hooks: d.hooks } : {}),
  };
  const ops = operations(d);
  const publicHost = () => {
    const u = d.publicUrl?.();
    return u && URL.canParse(u) ? [new URL(u).hostname.toLowerCase()] : [];
  };
  const mcp = mcpHandler({ pipeline, log: d.log, ops, allowedHosts: () => [...publicHost(), ...(d.mcpAllowedHosts ?? [])], ...(d.oauth ? { tokens: d.oauth.tokens } : {}) });
  app.use(...restRouter(ops, pipeline, { ...d.oauth?.handlers, mcp, mcp_path_key: mcp }));
  app.use(methodNotAllowed(ops));
  app.use(notFound);
  app.use(errorHandler(d.log, refusalUsage(d.auth, d.usage)));
  return app;
}
