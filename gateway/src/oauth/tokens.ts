/**
 * Codes and tokens of MCP sign-in: made here, given to the client once, and known anywhere else
 * only by their SHA-256 hash. Access tokens are looked up at most once per half minute per token
 * on this gateway (by hash), so the hot path of an MCP tool call has no extra hop.
 */
import { createHash, randomBytes } from 'node:crypto';
import { call, type CallOptions } from '@svc/kit';
import { proto } from '@svc/protos';
import type * as grpc from '@grpc/grpc-js';
import type { Request } from 'express';
import { TtlCache } from '../cache';
import type { AuthAccount } from '../context';
import { fromGrpc } from '../errors';
import type { AccessTokens } from '../mcp/server';

export const ACCESS_PREFIX = 'svc_oat_';
export const REFRESH_PREFIX = 'svc_ort_';
export const CODE_PREFIX = 'svc_oac_';
/** Short-lived: an access token lives ten minutes; its refresh token, rotated at every use, 30 days. */
export const ACCESS_TTL_S = 600;
export const REFRESH_TTL_S = 30 * 86_400;
export const CODE_TTL_S = 120;

export const mint = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

const CACHE_MS = 30_000;

/** The OAuth service of the metering process, called with deadlines; failures become HttpErrors. */
export class OAuthService {
  readonly client: grpc.Client;

  constructor(address: string, connect: (ctor: typeof proto.oauth, address: string) => grpc.Client) {
    this.client = connect(proto.oauth, address);
  }

  async call<Res>(method: string, request: unknown, opts: CallOptions = {}): Promise<Res> {
    try {
      return await call<Res>(this.client, method, request, { deadlineMs: 3_000, ...opts });
    } catch (err) {
      throw fromGrpc(err, 'metering');
    }
  }

  close(): void {
    this.client.close();
  }
}

interface Known {
  account: AuthAccount | null;
  resource: string;
}

/** Access tokens for the MCP server: recognised by prefix, validated by hash, cached by hash. */
export class AccessTokenCache implements AccessTokens {
  private readonly cache = new TtlCache<Known>(CACHE_MS, 50_000);

  constructor(
    private readonly svc: OAuthService,
    private readonly resource: () => string,
    private readonly metadata: () => string,
  ) {}

  recognises(token: string): boolean {
    return token.startsWith(ACCESS_PREFIX);
  }

  metadataUrl(): string {
    return this.metadata();
  }

  /** Drops a revoked token at once on this gateway (other gateways within CACHE_MS). */
  forget(hash: string): void {
    this.cache.set(hash, { account: null, resource: '' }, CACHE_MS);
  }

  async accountOf(token: string, req: Request): Promise<AuthAccount | null> {
    const hash = sha256(token);
    let known = this.cache.get(hash);
    if (!known) {
      const r = await this.svc.call<{ active: boolean; account: AuthAccount | null; resource: string; expiresAt: string }>('Introspect', { accessHash: hash }, { idempotent: true, requestId: req.id, deadlineMs: 1_500 });
      known = { account: r.active ? r.account : null, resource: r.resource };
      const ttl = r.active ? Math.min(CACHE_MS, Number(r.expiresAt) * 1000 - Date.now()) : 5_000;
      if (ttl > 0) this.cache.set(hash, known, ttl);
    }
    // RFC 8707: a token is good only at the resource it was issued for.
    return known.account && known.resource === this.resource() ? known.account : null;
  }
}
