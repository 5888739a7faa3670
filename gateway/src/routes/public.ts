/** Routes without a key: the primer, the terms, health. */
import type { Meta__Output } from '@svc/protos/gen/svc/v1/Meta';
import { Router } from 'express';
import { rpc, type Clients } from '../clients';
import { primer } from '../content/primer';
import { termsHtml } from '../content/terms';
import { baseUrlOf } from './util';

export function publicRoutes(clients: Clients, publicUrl: string | undefined): Router {
  const r = Router();
  // The data vintage changes only with a library upgrade; a minute-old copy is fine, and without
  // the library the primer still answers, saying the vintage is unavailable.
  let meta: { value: Meta__Output; at: number } | null = null;
  const libraryMeta = async (requestId: string): Promise<Meta__Output | null> => {
    if (meta && Date.now() - meta.at < 60_000) return meta.value;
    try {
      meta = { value: await rpc<Meta__Output>(clients, 'library', 'GetMeta', {}, { idempotent: true, requestId, deadlineMs: 800 }), at: Date.now() };
      return meta.value;
    } catch {
      return meta?.value ?? null;
    }
  };

  r.get('/ai/primer', async (req, res) => {
    const m = await libraryMeta(req.id);
    res.type('text/markdown; charset=utf-8').send(primer({ baseUrl: baseUrlOf(req, publicUrl), cosingVintage: m?.cosingVintage || null, dataVersion: m?.dataVersion || null }));
  });

  r.get('/terms', (req, res) => {
    res.type('text/html; charset=utf-8').send(termsHtml(baseUrlOf(req, publicUrl)));
  });

  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return r;
}
