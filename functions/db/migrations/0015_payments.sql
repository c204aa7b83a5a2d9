-- 0015 Payments: the local sandbox acquirer (development and tests only; its routes are a 404 in
-- production, where its table stays empty): the payments it was asked to make, as YooKassa keeps
-- them (a saved method is the paid payment that saved it); and the promo code an order used.
-- Money is kopecks; times unix seconds.

CREATE TABLE sandbox_payments (
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

-- The discount promo code an order was priced with: redeemed when the order is paid.
ALTER TABLE orders ADD COLUMN promo_code TEXT;
