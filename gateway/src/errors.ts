/**
 * The one place where failures become HTTP: the envelope `{error: {code, message, ...}, request_id}`
 * with a stable code, and gRPC statuses mapped to statuses a client can act on.
 */
import * as grpc from '@grpc/grpc-js';
import { problemOf, redactText, type FieldProblem, type Logger } from '@svc/kit';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';

export class HttpError extends Error {
  /** The usage object of a refusal given to a request that carried a key (set at egress). */
  usage: unknown;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalid = (problems: FieldProblem[]): HttpError => {
  const first = problems[0];
  const message = first ? `${first.field}: ${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}` : 'invalid request';
  return new HttpError(400, 'invalid_request', message, { field: first?.field, fields: problems });
};

const GRPC_TO_HTTP: Partial<Record<grpc.status, [number, string]>> = {
  [grpc.status.INVALID_ARGUMENT]: [400, 'invalid_request'],
  [grpc.status.NOT_FOUND]: [404, 'not_found'],
  [grpc.status.ALREADY_EXISTS]: [409, 'conflict'],
  [grpc.status.FAILED_PRECONDITION]: [409, 'conflict'],
  [grpc.status.PERMISSION_DENIED]: [403, 'forbidden'],
  [grpc.status.UNAUTHENTICATED]: [401, 'unauthorized'],
  // Services do not rate-limit (the gateway does); from a service this is a message over the size limit.
  [grpc.status.RESOURCE_EXHAUSTED]: [500, 'internal_error'],
  [grpc.status.UNIMPLEMENTED]: [501, 'not_implemented'],
  [grpc.status.UNAVAILABLE]: [503, 'service_unavailable'],
  [grpc.status.DEADLINE_EXCEEDED]: [503, 'service_unavailable'],
  [grpc.status.CANCELLED]: [503, 'service_unavailable'],
};

/** Turns a failed gRPC call into an HttpError, keeping the service's own problem code. */
export function fromGrpc(err: unknown, service: string): HttpError {
  const code = (err as grpc.ServiceError).code;
  if (typeof code !== 'number') return new HttpError(500, 'internal_error', 'internal error');
  const [status, defCode] = GRPC_TO_HTTP[code as grpc.status] ?? [500, 'internal_error'];
  if (status === 503) {
    if (problemOf(err)?.code === 'dependency_unavailable') {
      return new HttpError(503, 'dependency_unavailable', `a storage dependency of the ${service} service is unavailable; retry shortly`, {}, { 'Retry-After': '2' });
    }
    return new HttpError(503, 'service_unavailable', `the ${service} service is unavailable; retry shortly`, {}, { 'Retry-After': '1' });
  }
  const problem = problemOf(err);
  if (problem) {
    const { code: pc, message, ...extra } = problem;
    // Same shape as the gateway's own validation errors: `field` names the first problem.
    const first = problem.fields?.[0];
    return new HttpError(status, pc, message, first ? { field: first.field, ...extra } : extra);
  }
  return new HttpError(status, defCode, status === 500 ? 'internal error' : (err as grpc.ServiceError).details || defCode);
}

export function sendError(req: Request, res: Response, e: HttpError): void {
  for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
  res.status(e.status).json({ error: { code: e.code, message: e.message, ...e.extra }, request_id: req.id, ...(e.usage === undefined ? {} : { usage: e.usage }) });
}

/** The usage a refusal carries, or undefined when the request carried no key. Never throws. */
export type RefusalUsage = (req: Request, e: HttpError) => Promise<unknown>;

export const notFound: RequestHandler = (req, _res, next) => {
  // Decoded first, so a key written as svc%5Flive_... is recognised and redacted too.
  let decoded = req.path;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    // a malformed escape stays as sent
  }
  // No route has a segment of 20 token characters: such a run is withheld whole, as a key that
  // lost its prefix (or some of its body) is no longer recognisable as one.
  const path = redactText(decoded).replace(/[A-Za-z0-9_-]{20,}/g, '[REDACTED]');
  next(new HttpError(404, 'not_found', `no route for ${req.method} ${path.length > 100 ? `${path.slice(0, 100)}…` : path}`));
};

function asHttpError(err: unknown, req: Request, log: Logger): HttpError {
  if (err instanceof HttpError) return err;
  const type = (err as { type?: string }).type;
  if (type === 'entity.parse.failed') return new HttpError(400, 'invalid_json', 'the request body is not valid JSON');
  if (type === 'entity.too.large') return new HttpError(413, 'payload_too_large', `the request body is larger than the limit of ${(err as { limit?: number }).limit ?? 0} bytes`);
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') return new HttpError(415, 'unsupported_media_type', 'send the body as UTF-8 JSON');
  const status = (err as { status?: number }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) return new HttpError(status, 'invalid_request', 'the request could not be read');
  log.error({ err, requestId: req.id }, 'unhandled error');
  return new HttpError(500, 'internal_error', 'internal error');
}

/** Express' own errors (body parser) carry `type` and `status`; everything else is ours or a bug. */
export function errorHandler(log: Logger, usageOf?: RefusalUsage): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    const e = asHttpError(err, req, log);
    if (!usageOf || e.usage !== undefined) return sendError(req, res, e);
    void usageOf(req, e).then((usage) => {
      if (res.headersSent) return;
      e.usage = usage;
      sendError(req, res, e);
    });
  };
}
