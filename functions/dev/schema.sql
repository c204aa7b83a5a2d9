-- The development fakes' tables (functions/dev/): applied after the migrations by the local stack
-- (`npm run db:migrate`), the journeys' server (scripts/e2e-server.mjs) and the tests
-- (vitest.config.ts), never by `wrangler d1 migrations apply --remote`. Each statement may run
-- again on a database that has the table: migrations 0009 and 0015 created them until the fakes
-- left the production schema, and local databases migrated then keep them.
-- Money is kopecks; times unix seconds.

-- The sandbox acquirer's payments, as YooKassa keeps them (a saved method is the paid payment that
-- saved it).
CREATE TABLE IF NOT EXISTS sandbox_payments (
  id TEXT PRIMARY KEY NOT NULL,
  -- The shop's Idempotence-Key: the same key answers the same payment.
  idempotence_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'waiting_for_capture', 'succeeded', 'canceled')),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  description TEXT NOT NULL DEFAULT '',
  method_type TEXT NOT NULL CHECK (method_type IN ('bank_card', 'sbp')),
  method_id TEXT NOT NULL,
  -- The shop asked to save the method (the viewer's recurring consent); saved once paid.
  save_method INTEGER NOT NULL DEFAULT 0 CHECK (save_method IN (0, 1)),
  method_saved INTEGER NOT NULL DEFAULT 0 CHECK (method_saved IN (0, 1)),
  card_last4 TEXT,
  card_type TEXT,
  expiry_month TEXT,
  expiry_year TEXT,
  -- The test card behind a card payment (its number decides what a later charge does).
  card_number TEXT,
  confirmation_type TEXT,
  return_url TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  cancel_party TEXT,
  cancel_reason TEXT,
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);

-- The sandbox's refunds, as YooKassa keeps them: one per Idempotence-Key, succeeded at once; a
-- payment's refunds never add up to more than it (the insert checks it as it runs).
CREATE TABLE IF NOT EXISTS sandbox_refunds (
  id TEXT PRIMARY KEY NOT NULL,
  idempotence_key TEXT NOT NULL UNIQUE,
  payment_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'canceled')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  description TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_refunds_payment ON sandbox_refunds (payment_id);

-- The 54-FZ receipts the shop sent with a payment or a refund (JSON: customer, items,
-- tax_system_code), registered by the sandbox's fiscal operator.
CREATE TABLE IF NOT EXISTS sandbox_receipts (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('payment', 'refund')),
  payment_id TEXT NOT NULL,
  refund_id TEXT,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_receipts_payment ON sandbox_receipts (payment_id);

-- The local identity provider's authorization codes and access tokens (both SHA-256).
CREATE TABLE IF NOT EXISTS dev_oauth_grants (
  code_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  subject TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  access_token_hash TEXT UNIQUE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
