-- 0003 accounts: accounts, profiles (users), device sessions, one-time codes and rate limits
-- This file is the source of truth.
-- Times are unix seconds. No secret is stored in the clear: passwords are PBKDF2 hashes, session
-- secrets SHA-256 digests, codes and addresses in auth_codes / rate_limits keyed HMACs.

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  -- Normalised (trimmed, lower-case) e-mail; E.164 phone. An account has at least one of them.
  email TEXT UNIQUE CHECK (email IS NULL OR (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254)),
  phone TEXT UNIQUE CHECK (phone IS NULL OR (phone GLOB '+[1-9]*' AND length(phone) BETWEEN 9 AND 16)),
  -- pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>; NULL for passwordless (phone) accounts.
  password_hash TEXT CHECK (password_hash IS NULL OR password_hash LIKE 'pbkdf2-sha256$%'),
  billing_id TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  password_changed_at INTEGER,
  CHECK (email IS NOT NULL OR phone IS NOT NULL)
);

-- Profiles (spec: users/{id}); at most 5 per account, enforced by the insert and by this trigger.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  is_kid INTEGER NOT NULL DEFAULT 0 CHECK (is_kid IN (0, 1)),
  avatar_id INTEGER,
  -- Parental-control age setting of the profile; NULL = not set.
  age_limit INTEGER CHECK (age_limit IS NULL OR age_limit IN (0, 6, 12, 16, 18)),
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX users_account ON users (account_id, id);
CREATE TRIGGER users_at_most_five BEFORE INSERT ON users
WHEN (SELECT count(*) FROM users WHERE account_id = NEW.account_id) >= 5
BEGIN
  SELECT RAISE(ABORT, 'profile_limit');
END;

-- One row per signed-in browser. The browser holds `<id>.<secret>` in the HttpOnly `session` cookie;
-- only SHA-256 of the secret is kept. token_hash is the public `hash` claim of its access tokens.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  device_id TEXT NOT NULL DEFAULT '',
  device_type TEXT NOT NULL DEFAULT 'other' CHECK (device_type IN ('mobile', 'tablet', 'desktop', 'tv', 'stb', 'other')),
  device_name TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT 'XX',
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_account ON sessions (account_id, revoked_at, expires_at);

-- One-time codes (e-mail sign-up, phone sign-in, password reset) and one-time password-change tokens.
-- target = keyed hash of the address (or of the account id for password tokens); only the newest
-- row per (target, purpose) is ever accepted. A "dead" code (code_hash '!') matches nothing: it is
-- stored for addresses that must not learn a code, so attempts and expiry behave the same.
CREATE TABLE auth_codes (
  id INTEGER PRIMARY KEY,
  target TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('sign_up', 'sign_in', 'reset', 'password_token')),
  code_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  consumed_at INTEGER,
  -- The request that consumed it: the writes of that request are guarded on this value, so they
  -- happen in the same transaction as the consumption or not at all.
  consumed_by TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX auth_codes_target ON auth_codes (target, purpose, id);
CREATE INDEX auth_codes_hash ON auth_codes (code_hash, purpose);

-- Fixed-window counters: throttles per IP, per address and per sign-in identifier (the lock).
-- key = '<kind>:<keyed hash>'; the window ends at reset_at.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL CHECK (count >= 0),
  reset_at INTEGER NOT NULL
);
CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
