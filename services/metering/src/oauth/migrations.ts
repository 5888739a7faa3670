/** The `oauth` schema: MCP clients, operator users, and codes and tokens by their hashes only. */
import type { Migration } from '@svc/kit';

export const OAUTH_SCHEMA = 'oauth';

export const oauthMigrations: Migration[] = [
  {
    id: 1,
    name: 'clients, users, codes, grants and tokens',
    sql: `
CREATE TABLE oauth.clients (
  id text PRIMARY KEY,
  name text NOT NULL,
  redirect_uris jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE oauth.users (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES metering.accounts(id),
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE oauth.codes (
  hash text PRIMARY KEY,
  client_id text NOT NULL REFERENCES oauth.clients(id),
  user_id text NOT NULL REFERENCES oauth.users(id),
  redirect_uri text NOT NULL,
  challenge text NOT NULL,
  resource text NOT NULL,
  scope text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE oauth.grants (
  id text PRIMARY KEY,
  client_id text NOT NULL REFERENCES oauth.clients(id),
  user_id text NOT NULL REFERENCES oauth.users(id),
  resource text NOT NULL,
  scope text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE TABLE oauth.tokens (
  hash text PRIMARY KEY,
  grant_id text NOT NULL REFERENCES oauth.grants(id),
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX tokens_grant ON oauth.tokens (grant_id);
`,
  },
];
