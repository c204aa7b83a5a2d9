-- 0008 parental control (docs/product.md, «Who may see what»): the account's PIN and
-- age setting, and each device session's PIN entry and fresh verification.
-- Mirrored by functions/db/parental-schema.ts; this file is the source of truth. Times: unix seconds.

-- One row per account that has decided; no row is the spec's state Undefined.
CREATE TABLE parental_controls (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('Enabled', 'Disabled')),
  -- pin-pbkdf2-sha256$<iterations>$<salt base64>$<hash base64> of a peppered PIN; NULL when Disabled.
  pin_hash TEXT CHECK (pin_hash IS NULL OR pin_hash LIKE 'pin-pbkdf2-sha256$%'),
  -- Content rated at or above this age needs the PIN (the age setting).
  age_limit INTEGER NOT NULL DEFAULT 18 CHECK (age_limit IN (12, 16, 18)),
  updated_at INTEGER NOT NULL,
  CHECK (status = 'Disabled' OR pin_hash IS NOT NULL)
);

-- Per device session: until when its PIN entry holds, until when a verification code it checked
-- counts as fresh (disable and settings accept either).
CREATE TABLE parental_sessions (
  session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  pin_until INTEGER NOT NULL DEFAULT 0,
  verified_until INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX parental_sessions_account ON parental_sessions (account_id);
