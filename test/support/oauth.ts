/** An MCP client's side of sign-in, for tests: an in-memory OAuthClientProvider, and page helpers. */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { RunningSystem } from '../../scripts/system';
import { createUser } from '../../scripts/admin/users';

export const REDIRECT = 'http://127.0.0.1:9/callback';

export class MemoryProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test MCP client', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(i: OAuthClientInformationMixed) {
    this.info = i;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(t: OAuthTokens) {
    this.saved = t;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** An operator user of the system's dev account, made the way the admin CLI makes one. */
export async function operatorUser(sys: RunningSystem, email: string, password: string): Promise<void> {
  const r = await sys.adapters.sql.query<{ id: string }>('SELECT id FROM metering.accounts ORDER BY created_at LIMIT 1');
  await createUser({ metering: `127.0.0.1:${sys.services.metering.port}` }, r.rows[0]!.id, email, password);
}

const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

/** Drives the sign-in and consent pages as a browser without script would; returns the final redirect. */
export async function signInByForm(authorizationUrl: URL, email: string, password: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const page = await fetch(authorizationUrl);
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}: ${await page.text()}`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
  const form = (body: Record<string, string>) => ({ method: 'POST', redirect: 'manual' as const, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
  const consent = await fetch(new URL('/oauth/authorize', authorizationUrl), form({ csrf: field(await page.text(), 'csrf'), email, password }));
  if (consent.status !== 200) throw new Error(`sign-in answered ${consent.status}`);
  const done = await fetch(new URL('/oauth/consent', authorizationUrl), form({ csrf: field(await consent.text(), 'csrf'), decision }));
  if (done.status !== 303) throw new Error(`consent answered ${done.status}: ${await done.text()}`);
  return new URL(done.headers.get('location')!);
}
