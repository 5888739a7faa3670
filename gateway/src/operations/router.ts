/** The REST router, generated from the operation table: one route per entry, nothing else. */
import { Router } from 'express';
import type { Operation } from './operation';
import { handlerFor, type PipelineDeps } from './pipeline';

export function restRouter(ops: readonly Operation[], d: PipelineDeps): Router {
  const r = Router();
  for (const op of ops) {
    const h = handlerFor(op, d);
    if (op.method === 'GET') r.get(op.path, h);
    else if (op.method === 'POST') r.post(op.path, h);
    else r.all(op.path, h);
  }
  return r;
}
