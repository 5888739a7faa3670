/**
 * The router, generated from the operation table: one route per entry, nothing else. An entry whose
 * address another transport serves (the MCP server) is mounted with that transport's handler.
 *
 * Most entries have a fixed path: those are found by one map lookup, in front of Express' router,
 * which would otherwise try every route of the table in turn on every request. The lookup
 * matches as Express does (case-insensitive, one trailing slash allowed, HEAD served by GET, a route
 * for every method before the later routes of its path), so what it serves is what the router would
 * (gateway/test/router.test.ts compares the two); anything else (paths with parameters, OPTIONS
 * without a route for it) goes on to the router, which holds every entry.
 */
import { Router, type RequestHandler } from 'express';
import { HttpError } from '../errors';
import type { Operation } from './operation';
import { handlerFor, type PipelineDeps } from './pipeline';

export function restRouter(ops: readonly Operation[], d: PipelineDeps, transports: Readonly<Record<string, RequestHandler>> = {}): RequestHandler[] {
  const r = Router();
  const exact = new Map<string, { path: string; handler: RequestHandler }>();
  /** Paths a route for every method holds: later routes of the path are never reached, as in Express. */
  const claimed = new Set<string>();
  for (const op of ops) {
    const h = transports[op.id] ?? handlerFor(op, d);
    if (op.method === 'GET') r.get(op.path, h);
    else if (op.method === 'POST') r.post(op.path, h);
    else r.all(op.path, h);
    if (op.path.includes(':') || op.path.includes('*')) continue;
    const path = op.path.toLowerCase();
    // A route for every method answers its path for all methods the earlier routes left.
    if (claimed.has(path)) continue;
    if (op.method === 'ALL') claimed.add(path);
    const methods = op.method === 'GET' ? ['GET', 'HEAD'] : op.method === 'ALL' ? ['*'] : [op.method];
    for (const m of methods) if (!exact.has(`${m} ${path}`)) exact.set(`${m} ${path}`, { path: op.path, handler: h });
  }
  const fixed: RequestHandler = (req, res, next) => {
    const url = req.url;
    const q = url.indexOf('?');
    let path = q === -1 ? url : url.slice(0, q);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const lower = path.toLowerCase();
    const hit = exact.get(`${req.method} ${lower}`) ?? exact.get(`* ${lower}`);
    if (!hit) return next();
    // What Express' router sets on a match: the route (the access log names it) and no parameters.
    req.route = { path: hit.path };
    req.params = {};
    hit.handler(req, res, next);
  };
  return [fixed, r];
}

/**
 * A path of the table asked with a method it does not serve: 405 with the methods it does in
 * Allow (RFC 9110 15.5.6), rather than the 404 of a path that does not exist.
 */
export function methodNotAllowed(ops: readonly Operation[]): RequestHandler {
  const allowed = new Map<string, Set<string>>();
  for (const op of ops) {
    if (op.path.includes(':') || op.path.includes('*')) continue;
    const set = allowed.get(op.path.toLowerCase()) ?? new Set<string>();
    for (const m of op.method === 'GET' ? ['GET', 'HEAD'] : op.method === 'ALL' ? ['POST'] : [op.method]) set.add(m);
    allowed.set(op.path.toLowerCase(), set);
  }
  return (req, res, next) => {
    let path = req.path.toLowerCase();
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const methods = allowed.get(path);
    if (!methods || methods.has(req.method)) return next();
    const allow = [...methods].join(', ');
    res.setHeader('Allow', allow);
    next(new HttpError(405, 'method_not_allowed', `${req.method} is not a method of ${req.path.length > 100 ? `${req.path.slice(0, 100)}…` : req.path}; it answers ${allow}`, { allowed: [...methods] }));
  };
}
