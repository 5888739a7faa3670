/**
 * What one public operation is: its address on REST and MCP, its input schema, the policy the
 * pipeline applies to it, and the call that answers it. Every route the gateway serves is one of
 * these (operations/table.ts); nothing is mounted beside the table.
 */
import type { CallOptions } from '@svc/kit';
import type { MethodName, RequestOf, ResponseOf, ServiceName } from '@svc/protos';
import type { Request } from 'express';
import type { z } from 'zod';
import type { AnswerShape } from '../contract/answers';
import type { AuthAccount } from '../context';

/**
 * `key`: the caller's API key is required. `none` must be written out: an operation is public only
 * by an explicit choice, and the pipeline treats anything that is not exactly `none` as `key`.
 */
export type AuthPolicy = 'key' | 'none';

/** Free-text fields the screening stage reads, by where they sit in the validated input. */
export type ScreenedField = 'q' | 'lines.n' | 'inci' | 'note' | 'functions' | 'question';

export interface Policy {
  auth: AuthPolicy;
  /** The subject's compliance standing is checked before anything else is done for it. */
  standing: boolean;
  /** Fields screened for requests that seek the protected information. */
  screen: readonly ScreenedField[];
  /** `formula`: the call belongs to a run (spec section 8); `free`: it never consumes one. */
  meter: 'formula' | 'free';
  /** The answer carries the usage object. */
  usage: boolean;
}

export type Answer =
  | { kind: 'json'; status?: number; body: Record<string, unknown>; /** The body as sent, once serialised at egress. */ text?: string }
  | { kind: 'text'; type: 'text/markdown' | 'text/html' | 'text/javascript'; body: string; /** Headers of this answer only (a page's CSP, a script's caching). */ headers?: Record<string, string> };

/** The transport a call came in by; the stages are the same for both. */
export type Channel = 'rest' | 'mcp';

export interface CallContext {
  /** The HTTP request that carried the call (for MCP, the POST to /mcp). */
  req: Request;
  channel: Channel;
  account: AuthAccount | undefined;
  endUser: string | undefined;
  requestId: string;
  /** The service address as this caller reaches it (for links in answers). */
  baseUrl: string;
  /** A typed call to a service on behalf of this request (deadline, request id, caller). */
  rpc<S extends ServiceName, M extends MethodName<S>>(service: S, method: M, request: RequestOf<S, M>, opts?: CallOptions): Promise<ResponseOf<S, M>>;
  /** The caller as the services see it. */
  caller: { accountId: string; endUser: string; plan: string; requestId: string };
}

export interface Operation<I = unknown> {
  /** Stable id (also the operation id of the API reference). */
  id: string;
  method: 'GET' | 'POST' | 'ALL';
  path: string;
  /** The MCP tool that runs this operation, or null when it has none. */
  tool: string | null;
  summary: string;
  /** Where the input comes from, and its schema: the request types are the schemas' own. */
  input: {
    from: 'body' | 'query' | 'none';
    schema: z.ZodType<I>;
    /** Fields another operation names differently (variant here, base there): an unknown one is answered with this one's name. */
    renamed?: Readonly<Record<string, string>>;
  };
  /** What it answers, from contract/answers.ts: the reference and the tool's output schema are this. */
  answer: AnswerShape;
  /**
   * The refusals particular to this operation, by status. Those its policy brings (a key, a body,
   * screening, metering) are added by contract/refusals.ts and need not be written here.
   */
  errors?: Readonly<Record<number, readonly string[]>>;
  /** One worked example for the reference: an input as a caller sends it and the answer it gets. */
  example?: { input?: unknown; answer?: unknown };
  policy: Policy;
  call(ctx: CallContext, input: I): Promise<Answer>;
}

/** Keeps each operation's input type while the table holds them side by side. */
export const operation = <I>(o: Operation<I>): Operation<unknown> => o as Operation<unknown>;

export const json = (body: Record<string, unknown>, status?: number): Answer => ({ kind: 'json', body, ...(status === undefined ? {} : { status }) });
