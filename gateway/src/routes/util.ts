import type { Request } from 'express';
import { HttpError } from '../errors';

export const baseUrlOf = (req: Request, publicUrl: string | undefined): string => publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** One query parameter as a string; repeated or missing parameters are the caller's error. */
export function queryString(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new HttpError(400, 'invalid_request', `${name}: must be given once, as a string`, { field: name });
  return v;
}

/** Proto strings default to ""; the API says null for "none". */
export const orNull = (s: string | null | undefined): string | null => (s ? s : null);
