/**
 * One error type that crosses gRPC with a stable code. The gateway maps it to HTTP in one place
 * (gateway/src/errors.ts); services only say what went wrong.
 */
import * as grpc from '@grpc/grpc-js';

import type { FieldProblem } from '@svc/formula';

export type { FieldProblem };

export interface ProblemBody {
  code: string;
  message: string;
  fields?: FieldProblem[];
  [extra: string]: unknown;
}

export class SvcError extends Error {
  constructor(
    readonly grpcCode: grpc.status,
    readonly body: ProblemBody,
  ) {
    super(body.message);
  }

  static invalid(message: string, fields?: FieldProblem[], code = 'invalid_request'): SvcError {
    return new SvcError(grpc.status.INVALID_ARGUMENT, { code, message, ...(fields ? { fields } : {}) });
  }
  static notFound(message: string): SvcError {
    return new SvcError(grpc.status.NOT_FOUND, { code: 'not_found', message });
  }
  static failed(code: string, message: string, extra: Record<string, unknown> = {}): SvcError {
    return new SvcError(grpc.status.FAILED_PRECONDITION, { code, message, ...extra });
  }
  /** The caller may not do this (its plan, its seats): the gateway answers 403 with this code. */
  static forbidden(code: string, message: string, extra: Record<string, unknown> = {}): SvcError {
    return new SvcError(grpc.status.PERMISSION_DENIED, { code, message, ...extra });
  }
  /** The caller's deadline passed before the work was done: nothing of it was kept. */
  static deadlineExceeded(message: string): SvcError {
    return new SvcError(grpc.status.DEADLINE_EXCEEDED, { code: 'deadline_exceeded', message });
  }
  /** A service this one needs cannot answer: the gateway answers 503 service_unavailable (retry shortly). */
  static unavailable(message: string): SvcError {
    return new SvcError(grpc.status.UNAVAILABLE, { code: 'service_unavailable', message });
  }
  static unimplemented(what: string): SvcError {
    return new SvcError(grpc.status.UNIMPLEMENTED, { code: 'not_implemented', message: `${what} is not available yet` });
  }
}

const PROBLEM_KEY = 'svc-problem';

/** Node and driver error codes that mean the server behind a connection is gone or not answering. */
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const OUTAGE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection is closed|Command timed out|MaxRetriesPerRequest|Stream isn't writeable|did not answer within|could not be reached/i;

/**
 * Whether a failure is a storage dependency (PostgreSQL, Redis, NATS) being unavailable rather than
 * a fault of ours: the caller should retry, not report a bug.
 */
export function isDependencyOutage(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: string; code?: unknown; message?: unknown };
  if (e.name === 'DependencyError' || e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.code === 'string' && OUTAGE_CODES.has(e.code)) return true;
  return typeof e.message === 'string' && OUTAGE_MESSAGES.test(e.message);
}

export const DEPENDENCY_UNAVAILABLE: ProblemBody = { code: 'dependency_unavailable', message: 'a storage dependency of the service is unavailable; retry shortly' };

/** Encodes an error for a gRPC callback: status code plus the problem as trailing metadata. */
export function toGrpcError(err: unknown): Partial<grpc.StatusObject> {
  if (!(err instanceof SvcError) && isDependencyOutage(err)) err = new SvcError(grpc.status.UNAVAILABLE, DEPENDENCY_UNAVAILABLE);
  if (err instanceof SvcError) {
    const metadata = new grpc.Metadata();
    metadata.set(PROBLEM_KEY, JSON.stringify(err.body));
    return { code: err.grpcCode, details: err.body.message, metadata };
  }
  // Anything else is our fault; its text may hold internals, so it does not leave the process.
  return { code: grpc.status.INTERNAL, details: 'internal error' };
}

/** Reads the problem a service attached, if any. */
export function problemOf(err: unknown): ProblemBody | null {
  const md = (err as { metadata?: grpc.Metadata }).metadata;
  const raw = md?.get?.(PROBLEM_KEY)?.[0];
  if (typeof raw !== 'string') return null;
  try {
    return JSON.parse(raw) as ProblemBody;
  } catch {
    return null;
  }
}
