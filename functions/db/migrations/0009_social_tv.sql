-- 0009 social sign-in and TV code (docs/product.md, «What we keep» and «How the site talks to the API»): the account's
-- social links, the OAuth 2 flows in progress, device-flow pairings (RFC 8628). (The grants of the
-- local identity provider, once created here, are in functions/dev/schema.sql: development only.)
-- Times are unix seconds unless a column says otherwise. This file is the source of truth.

-- One provider identity per account and provider; an identity belongs to at most one account.
CREATE TABLE social_links (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('vk', 'ok', 'ya', 'gp', 'fb')),
  -- The provider's user id (sub, user_id, uid…).
  subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 128),
  -- The name the provider gave, for the settings screen; may be empty.
  display_name TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (provider, subject),
  UNIQUE (account_id, provider)
);

-- An authorization-code flow in progress: started by sign-in or bind, ended by /check (single use,
-- 10 minutes). state_hash is SHA-256 of the `state` parameter, which the browser also holds in an
-- HttpOnly cookie; code_verifier is the PKCE secret sent with the code to the token endpoint.
CREATE TABLE oauth_states (
  state_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL CHECK (provider IN ('vk', 'ok', 'ya', 'gp', 'fb')),
  purpose TEXT NOT NULL CHECK (purpose IN ('sign_in', 'bind')),
  code_verifier TEXT NOT NULL,
  back_path TEXT NOT NULL DEFAULT '/',
  -- bind: the account and the session that started it.
  account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
  session_id TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  CHECK (purpose = 'sign_in' OR (account_id IS NOT NULL AND session_id IS NOT NULL))
);
CREATE INDEX oauth_states_expires ON oauth_states (expires_at);

-- TV code pairings (device authorization grant). The device holds device_code (32 random bytes; D1
-- keeps SHA-256), the viewer types user_code (8 letters; D1 keeps a keyed HMAC). pending → approved
-- (by a signed-in viewer on /code) → consumed (the device's poll got its session).
CREATE TABLE tv_codes (
  id INTEGER PRIMARY KEY,
  device_code_hash TEXT NOT NULL UNIQUE,
  user_code_hash TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'consumed')),
  -- Seconds the device must wait between polls; grows by 5 on each slow_down (RFC 8628 3.5).
  poll_interval INTEGER NOT NULL DEFAULT 5,
  last_polled_ms INTEGER,
  account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
  approved_at INTEGER,
  consumed_at INTEGER,
  consumed_by TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  CHECK (status = 'pending' OR account_id IS NOT NULL)
);
CREATE INDEX tv_codes_expires ON tv_codes (expires_at);
