import { parseWith } from '@svc/formula';
import type { Request } from 'express';
import type { z } from 'zod';
import { HttpError, invalid } from '../errors';

export const baseUrlOf = (req: Request, publicUrl: string | undefined): string => publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** One query parameter as a string; repeated or missing parameters are the caller's error. */
export function queryString(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid([{ field: name, message: 'must be given once, as a string' }]);
  return v;
}

/** Proto strings default to ""; the API says null for "none". */
export const orNull = (s: string | null | undefined): string | null => (s ? s : null);

export function bodyOf<T>(req: Request, schema: z.ZodType<T>): T {
  if (req.body === undefined && !req.is(['application/json', 'application/*+json'])) {
    throw new HttpError(415, 'unsupported_media_type', 'send the body as JSON with content-type application/json', { field: 'content-type' });
  }
  if (req.body === undefined || req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
    throw invalid([{ field: '(body)', message: 'must be a JSON object' }]);
  }
  const r = parseWith(schema, req.body);
  if (!r.ok) throw invalid(r.problems);
  return r.value;
}

export const callerOf = (req: Request) => ({ accountId: req.account?.id ?? '', endUser: req.endUser ?? '', plan: req.account?.plan ?? '', requestId: req.id });
