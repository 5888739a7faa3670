/** Formula routes: validate at the edge (400 naming the field), call the compute service, translate. */
import { CheckRequestSchema, parseWith } from '@svc/formula';
import { lineToProto } from '@svc/kit';
import type { CheckResponse__Output } from '@svc/protos/gen/svc/v1/CheckResponse';
import type { Remedy__Output } from '@svc/protos/gen/svc/v1/Remedy';
import { Router, type Request } from 'express';
import type { z } from 'zod';
import { rpc, type Clients } from '../clients';
import { HttpError, invalid } from '../errors';
import type { UsageCache } from '../usage';

export function bodyOf<T>(req: Request, schema: z.ZodType<T>): T {
  if (req.body === undefined || req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
    throw new HttpError(400, 'invalid_request', '(body): send a JSON object with content-type application/json', { field: '(body)' });
  }
  const r = parseWith(schema, req.body);
  if (!r.ok) throw invalid(r.problems);
  return r.value;
}

export const callerOf = (req: Request) => ({ accountId: req.account?.id ?? '', endUser: req.endUser ?? '', plan: req.account?.plan ?? '', requestId: req.id });

const remedyJson = (r: Remedy__Output) => ({
  code: r.code,
  action: r.action,
  target: r.target,
  from: r.from ?? null,
  to: r.to === 'toValue' ? r.toValue : r.to === 'toRange' ? { min: r.toRange!.min, max: r.toRange!.max } : r.to === 'toNames' ? r.toNames!.names : null,
  message: r.message,
  ...(r.changes.length ? { changes: r.changes.map((c) => ({ line: c.line, from: c.from, to: c.to })) } : {}),
});

export function formulaRoutes(clients: Clients, usage: UsageCache): Router {
  const r = Router();
  r.post('/check', async (req, res) => {
    const body = bodyOf(req, CheckRequestSchema);
    const [out, u] = await Promise.all([
      rpc<CheckResponse__Output>(clients, 'envelope', 'Check', { caller: callerOf(req), base: body.base, basePct: body.basePct, ph: body.ph, lines: body.lines.map(lineToProto) }, { idempotent: true, requestId: req.id, deadlineMs: 3_000 }),
      usage.get(req.account!.id, req.id),
    ]);
    res.json({
      verdict: out.verdict,
      categories: out.categories.map((c) => ({ code: c.code, name: c.name, load: c.load, max: c.max ?? null, share: c.share ?? null, status: c.status })),
      remedies: out.remedies.map(remedyJson),
      maxLoads: out.maxLoads,
      lines: out.lines.map((l) => ({ n: l.n, inci: l.inci ?? null, c: l.c ?? null, pct: l.pct, matched: l.matched, line: l.line, trace: l.trace })),
      unmatched: out.unmatched.map((m) => ({ n: m.n, suggestions: m.suggestions })),
      packVersion: out.packVersion,
      usage: u,
    });
  });
  return r;
}
