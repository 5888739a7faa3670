/** Formula routes: validate at the edge (400 naming the field), call the compute service, translate. */
import { CheckRequestSchema, LabelRequestSchema, PreservationRequestSchema, type LabelRequest, type PreservationRequest } from '@svc/formula';
import { lineToProto } from '@svc/kit';
import type { AssessResponse__Output } from '@svc/protos/gen/svc/v1/AssessResponse';
import type { BuildResponse__Output } from '@svc/protos/gen/svc/v1/BuildResponse';
import type { CheckResponse__Output } from '@svc/protos/gen/svc/v1/CheckResponse';
import type { Remedy__Output } from '@svc/protos/gen/svc/v1/Remedy';
import { Router } from 'express';
import type { z } from 'zod';
import { rpc, type Clients } from '../clients';
import type { UsageCache } from '../usage';
import { bodyOf, callerOf } from './util';

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

  r.post('/ai/preservation', async (req, res) => {
    const body = bodyOf(req, PreservationRequestSchema as unknown as z.ZodType<PreservationRequest>);
    const [out, u] = await Promise.all([
      rpc<AssessResponse__Output>(clients, 'preservation', 'Assess', { caller: callerOf(req), variant: body.variant, nbPct: body.nbPct, lines: body.lines.map(lineToProto), ...(body.ph === undefined ? {} : { ph: body.ph }), productType: body.productType, market: body.market }, { idempotent: true, requestId: req.id, deadlineMs: 3_000 }),
      usage.get(req.account!.id, req.id),
    ]);
    res.json({
      selfPreserved: out.selfPreserved,
      topUp: { needed: out.topUp?.needed ?? false, options: (out.topUp?.options ?? []).map((o) => ({ name: o.name, role: o.role })) },
      reasons: out.reasons.map((x) => ({ code: x.code, text: x.text })),
      caps: out.caps.map((c) => ({ n: c.n, ref: c.ref, status: c.status, limit: c.limit })),
      advice: out.advice,
      unmatched: out.unmatched,
      usage: u,
    });
  });

  r.post('/inci/label', async (req, res) => {
    const body = bodyOf(req, LabelRequestSchema as unknown as z.ZodType<LabelRequest>);
    const [out, u] = await Promise.all([
      rpc<BuildResponse__Output>(clients, 'label', 'Build', { caller: callerOf(req), variant: body.variant, nbPct: body.nbPct, lines: body.lines.map(lineToProto), mode: body.mode, market: body.market, productType: body.productType }, { idempotent: true, requestId: req.id, deadlineMs: 3_000 }),
      usage.get(req.account!.id, req.id),
    ]);
    if (out.mode === 'composition') {
      res.json({
        mode: 'composition',
        composition: out.composition.map((c) => ({ name: c.name, pct: c.pct, ...(c.trace ? { trace: true } : {}) })),
        composition_sheet: out.compositionSheet,
        unmatched: out.unmatched,
        usage: u,
      });
      return;
    }
    res.json({ mode: 'label', finished_inci: out.finishedInci, ordered: out.ordered, tail: out.tail, unmatched: out.unmatched, usage: u });
  });
  return r;
}
