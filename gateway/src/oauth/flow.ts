/**
 * The HTTP side of MCP sign-in: metadata (RFC 9728, RFC 8414), dynamic client registration
 * (RFC 7591, public clients), the authorization code flow with PKCE S256 only, tokens bound to the
 * /mcp resource (RFC 8707), refresh with rotation, and revocation (RFC 7009). The sign-in and
 * consent steps keep their state in the shared Kv under a per-page CSRF token, bound to a cookie of
 * the browser that began the flow. Answers of the OAuth endpoints use the OAuth error shape
 * (`error`, `error_description`), which OAuth clients read.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kv, Logger } from '@svc/kit';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '../errors';
import { secretField } from '../operations/secrets-in-input';
import { consentPage, problemPage, signInPage } from './pages';
import { ACCESS_PREFIX, ACCESS_TTL_S, CODE_PREFIX, CODE_TTL_S, REFRESH_PREFIX, REFRESH_TTL_S, mint, sha256, type AccessTokenCache, type OAuthService } from './tokens';

export interface OAuthFlowDeps {
  svc: OAuthService;
  tokens: AccessTokenCache;
  kv: Kv;
  log: Logger;
  /** The service's public address (the issuer); the MCP resource is `${base}/mcp`. */
  baseUrl: () => string;
}

const FLOW_MS = 10 * 60_000;
/** Sign-in attempts per e-mail address per quarter hour: enough for typos, too few for guessing. */
const SIGN_INS_PER_WINDOW = 10;
const SIGN_IN_WINDOW_MS = 15 * 60_000;
const COOKIE = 'svc_oauth_flow';
const SCOPE = 'mcp';
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

interface AuthorizationRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  state: string | undefined;
  challenge: string;
  resource: string;
}

interface FlowState {
  stage: 'signin' | 'consent';
  cookie: string;
  request: AuthorizationRequest;
  userId?: string;
  company?: string;
}

type ClientRecord = { found: boolean; clientId: string; clientName: string; redirectUris: string[]; issuedAt: string };

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const pageHeaders = (res: Response) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
};

const cookieOf = (req: Request): string | undefined => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return v.join('=');
  }
  return undefined;
};

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const redirectTo = (uri: string, params: Record<string, string | undefined>): string => {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u.toString();
};

/** Loopback redirect addresses may be plain http (native clients); any other must be https. */
const goodRedirect = (uri: unknown): uri is string => {
  if (typeof uri !== 'string' || uri.length > 2_000 || !URL.canParse(uri)) return false;
  const u = new URL(uri);
  if (u.hash) return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname));
};

export function oauthFlow(d: OAuthFlowDeps): Record<string, RequestHandler> {
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  const jsonBody = express.json({ limit: '16kb' });
  const resource = () => `${d.baseUrl()}/mcp`;
  const read = (parser: RequestHandler, req: Request, res: Response) => new Promise<Record<string, unknown>>((resolve, reject) => parser(req, res, (err?: unknown) => (err ? reject(err) : resolve((req.body ?? {}) as Record<string, unknown>))));
  const readAny = (req: Request, res: Response) => read((req.headers['content-type'] ?? '').includes('json') ? jsonBody : form, req, res);

  const wrapJson = (fn: (req: Request, res: Response) => Promise<void>): RequestHandler => (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    fn(req, res).catch((err: unknown) => {
      if (err instanceof OAuthError) return void res.status(err.status).json({ error: err.code, error_description: err.message });
      if (err instanceof HttpError && err.status < 500) return void res.status(400).json({ error: 'invalid_request', error_description: err.message });
      next(err);
    });
  };
  const wrapPage = (fn: (req: Request, res: Response) => Promise<void>): RequestHandler => (req, res, next) => {
    pageHeaders(res);
    fn(req, res).catch((err: unknown) => {
      if (err instanceof OAuthError) return void res.status(err.status).type('text/html; charset=utf-8').send(problemPage(err.message));
      next(err);
    });
  };

  async function saveFlow(res: Response, state: Omit<FlowState, 'cookie'>, cookie?: string): Promise<string> {
    const csrf = randomBytes(24).toString('base64url');
    const c = cookie ?? randomBytes(24).toString('base64url');
    await d.kv.set(`oauth:flow:${sha256(csrf)}`, JSON.stringify({ ...state, cookie: c }), FLOW_MS);
    const secure = d.baseUrl().startsWith('https:') ? '; Secure' : '';
    res.setHeader('Set-Cookie', `${COOKIE}=${c}; Path=/oauth; HttpOnly; SameSite=Lax; Max-Age=${FLOW_MS / 1000}${secure}`);
    return csrf;
  }

  /** The flow state of a posted page: one use, and only from the browser that began the flow. */
  async function takeFlow(req: Request, body: Record<string, unknown>, stage: FlowState['stage']): Promise<FlowState> {
    const csrf = str(body.csrf);
    const cookie = cookieOf(req);
    const key = csrf ? `oauth:flow:${sha256(csrf)}` : '';
    const raw = key ? await d.kv.get(key) : null;
    const state = raw ? (JSON.parse(raw) as FlowState) : null;
    if (!state || !cookie || !sameSecret(state.cookie, cookie) || state.stage !== stage) {
      throw new OAuthError(400, 'invalid_request', 'This page has expired or was not opened by this browser (csrf).');
    }
    await d.kv.del(key);
    return state;
  }

  async function client(id: string | undefined): Promise<ClientRecord | null> {
    if (!id || id.length > 64) return null;
    const c = await d.svc.call<ClientRecord>('GetClient', { clientId: id }, { idempotent: true });
    return c.found ? c : null;
  }

  const authorizationServer = () => {
    const base = d.baseUrl();
    return {
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [SCOPE],
    };
  };
  const protectedResource: RequestHandler = (_req, res) => {
    res.json({ resource: resource(), authorization_servers: [d.baseUrl()], bearer_methods_supported: ['header'], scopes_supported: [SCOPE], resource_name: 'Formulation Envelope Service (MCP)' });
  };

  return {
    oauth_protected_resource: protectedResource,
    oauth_protected_resource_mcp: protectedResource,
    oauth_server_metadata: (_req, res) => void res.json(authorizationServer()),

    oauth_register: wrapJson(async (req, res) => {
      const b = await read(jsonBody, req, res);
      const uris = b.redirect_uris;
      if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10 || !uris.every(goodRedirect)) {
        throw new OAuthError(400, 'invalid_redirect_uri', 'redirect_uris: 1 to 10 absolute https addresses (http only on loopback), without fragments');
      }
      // What is stored and shown of a client must not be a key pasted into it (pipeline stage 5's rule).
      const pasted = secretField({ client_name: b.client_name, redirect_uris: uris });
      if (pasted) throw new OAuthError(400, 'invalid_client_metadata', `${pasted}: holds what looks like an API key or access token; never send a key here`);
      const method = b.token_endpoint_auth_method ?? 'none';
      if (method !== 'none') throw new OAuthError(400, 'invalid_client_metadata', 'token_endpoint_auth_method: only "none" (public clients with PKCE) is supported');
      const name = typeof b.client_name === 'string' && b.client_name.trim() ? b.client_name.trim().slice(0, 100) : 'MCP client';
      const c = await d.svc.call<ClientRecord>('RegisterClient', { clientName: name, redirectUris: uris });
      res.status(201).json({
        client_id: c.clientId,
        client_id_issued_at: Number(c.issuedAt),
        client_name: c.clientName,
        redirect_uris: c.redirectUris,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      });
    }),

    oauth_authorize: wrapPage(async (req, res) => {
      const q = req.query as Record<string, unknown>;
      const c = await client(str(q.client_id));
      // Until client and redirect address are known good, errors are shown here, never redirected.
      if (!c) throw new OAuthError(400, 'invalid_client', 'client_id: unknown client. Register the client first.');
      const redirectUri = str(q.redirect_uri) ?? (c.redirectUris.length === 1 ? c.redirectUris[0] : undefined);
      if (!redirectUri || !c.redirectUris.includes(redirectUri)) throw new OAuthError(400, 'invalid_request', 'redirect_uri: not one registered for this client.');
      const state = str(q.state);
      const back = (error: string, description: string) => res.redirect(303, redirectTo(redirectUri, { error, error_description: description, state, iss: d.baseUrl() }));
      if (q.response_type !== 'code') return back('unsupported_response_type', 'response_type: must be code');
      if (q.code_challenge_method !== 'S256' || !CHALLENGE.test(str(q.code_challenge) ?? '')) return back('invalid_request', 'code_challenge: PKCE with code_challenge_method S256 is required');
      const wanted = str(q.resource);
      if (wanted !== undefined && wanted !== resource()) return back('invalid_target', `resource: must be ${resource()}`);
      const request: AuthorizationRequest = { clientId: c.clientId, clientName: c.clientName, redirectUri, state, challenge: str(q.code_challenge) as string, resource: resource() };
      const csrf = await saveFlow(res, { stage: 'signin', request });
      res.type('text/html; charset=utf-8').send(signInPage({ csrf, clientName: c.clientName }));
    }),

    oauth_sign_in: wrapPage(async (req, res) => {
      const b = await read(form, req, res);
      const flow = await takeFlow(req, b, 'signin');
      const email = str(b.email) ?? '';
      // Counted per address (hashed), shared by the replicas; without the store, scrypt alone slows guessing.
      const attempts = await d.kv.hit(`oauth-signin:${sha256(email.trim().toLowerCase())}`, SIGN_IN_WINDOW_MS).catch(() => null);
      if (attempts && attempts.count > SIGN_INS_PER_WINDOW) {
        const csrf = await saveFlow(res, { stage: 'signin', request: flow.request }, cookieOf(req));
        res.status(429).setHeader('Retry-After', String(Math.ceil(attempts.resetMs / 1000)));
        res.type('text/html; charset=utf-8').send(signInPage({ csrf, clientName: flow.request.clientName, email, error: 'Too many sign-in attempts for this address; wait a quarter of an hour and try again.' }));
        return;
      }
      const who = await d.svc.call<{ ok: boolean; userId: string; company: string }>('SignIn', { email: email.slice(0, 254), password: (str(b.password) ?? '').slice(0, 1_024) });
      const cookie = cookieOf(req);
      if (!who.ok) {
        const csrf = await saveFlow(res, { stage: 'signin', request: flow.request }, cookie);
        res.status(401).type('text/html; charset=utf-8').send(signInPage({ csrf, clientName: flow.request.clientName, email, error: 'The e-mail address or the password is not right.' }));
        return;
      }
      const csrf = await saveFlow(res, { stage: 'consent', request: flow.request, userId: who.userId, company: who.company }, cookie);
      res.type('text/html; charset=utf-8').send(consentPage({ csrf, clientName: flow.request.clientName, company: who.company, redirectHost: new URL(flow.request.redirectUri).host }));
    }),

    oauth_consent: wrapPage(async (req, res) => {
      const b = await read(form, req, res);
      const flow = await takeFlow(req, b, 'consent');
      const r = flow.request;
      if (b.decision !== 'allow') {
        res.redirect(303, redirectTo(r.redirectUri, { error: 'access_denied', error_description: 'the user refused access', state: r.state, iss: d.baseUrl() }));
        return;
      }
      const code = mint(CODE_PREFIX);
      await d.svc.call('IssueCode', { codeHash: sha256(code), clientId: r.clientId, userId: flow.userId, redirectUri: r.redirectUri, codeChallenge: r.challenge, resource: r.resource, scope: SCOPE, ttlSeconds: CODE_TTL_S });
      res.redirect(303, redirectTo(r.redirectUri, { code, state: r.state, iss: d.baseUrl() }));
    }),

    oauth_token: wrapJson(async (req, res) => {
      const b = await readAny(req, res);
      // RFC 6749 5.2: a grant type this server does not serve is named as such, before anything else is asked for.
      if (b.grant_type !== 'authorization_code' && b.grant_type !== 'refresh_token') {
        throw new OAuthError(400, b.grant_type === undefined ? 'invalid_request' : 'unsupported_grant_type', b.grant_type === undefined ? 'grant_type: is required (authorization_code or refresh_token)' : 'grant_type: must be authorization_code or refresh_token');
      }
      const clientId = str(b.client_id);
      if (!clientId) throw new OAuthError(400, 'invalid_request', 'client_id: is required');
      const wanted = str(b.resource);
      if (wanted !== undefined && wanted !== resource()) throw new OAuthError(400, 'invalid_target', `resource: must be ${resource()}`);
      const access = mint(ACCESS_PREFIX);
      const refresh = mint(REFRESH_PREFIX);
      let grant: { ok: boolean; reason: string; scope: string };
      if (b.grant_type === 'authorization_code') {
        const code = str(b.code);
        const verifier = str(b.code_verifier);
        if (!code) throw new OAuthError(400, 'invalid_request', 'code: is required');
        if (!verifier || !VERIFIER.test(verifier)) throw new OAuthError(400, 'invalid_request', 'code_verifier: 43 to 128 characters of [A-Za-z0-9._~-] are required (PKCE)');
        grant = await d.svc.call('ExchangeCode', {
          codeHash: sha256(code), clientId, redirectUri: str(b.redirect_uri) ?? '', codeVerifier: verifier, accessHash: sha256(access), refreshHash: sha256(refresh),
          accessTtlSeconds: ACCESS_TTL_S, refreshTtlSeconds: REFRESH_TTL_S, resource: wanted ?? '',
        });
      } else if (b.grant_type === 'refresh_token') {
        const old = str(b.refresh_token);
        if (!old) throw new OAuthError(400, 'invalid_request', 'refresh_token: is required');
        grant = await d.svc.call('Refresh', {
          refreshHash: sha256(old), clientId, accessHash: sha256(access), newRefreshHash: sha256(refresh),
          accessTtlSeconds: ACCESS_TTL_S, refreshTtlSeconds: REFRESH_TTL_S, resource: wanted ?? '',
        });
      } else {
        throw new OAuthError(400, 'unsupported_grant_type', 'grant_type: must be authorization_code or refresh_token');
      }
      if (!grant.ok) throw new OAuthError(400, grant.reason || 'invalid_grant', 'the code or refresh token is not valid, has expired, or was issued to another client');
      res.json({ access_token: access, token_type: 'Bearer', expires_in: ACCESS_TTL_S, refresh_token: refresh, scope: grant.scope });
    }),

    oauth_revoke: wrapJson(async (req, res) => {
      const b = await readAny(req, res);
      const token = str(b.token);
      if (!token) throw new OAuthError(400, 'invalid_request', 'token: is required');
      const hash = sha256(token);
      await d.svc.call('Revoke', { tokenHash: hash, clientId: str(b.client_id) ?? '' });
      d.tokens.forget(hash);
      // RFC 7009: an unknown or already revoked token gets the same answer.
      res.status(200).json({});
    }),
  };
}
