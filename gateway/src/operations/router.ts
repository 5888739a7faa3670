/**
 * The router, generated from the operation table: one route per entry, nothing else. An entry whose
 * address another transport serves (the MCP server) is mounted with that transport's handler.
 */
import { Router, type RequestHandler } from 'express';
import type { Operation } from './operation';
import { handlerFor, type PipelineDeps } from './pipeline';

export function restRouter(ops: readonly Operation[], d: PipelineDeps, transports: Readonly<Record<string, RequestHandler>> = {}): Router {
  const r = Router();
  for (const op of ops) {
    const h = transports[op.id] ?? handlerFor(op, d);
    if (op.method === 'GET') r.get(op.path, h);
    else if (op.method === 'POST') r.post(op.path, h);
    else r.all(op.path, h);
  }
  return r;
}
