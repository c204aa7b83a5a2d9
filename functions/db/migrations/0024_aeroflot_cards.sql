-- 0024 The Aeroflot card (docs/product.md, «Money»): an account's Aeroflot Bonus membership
-- number, so that its payments earn miles. One number per account; one account per number (a
-- number attached to another account is refused). The partner confirms the member exists before
-- the number is kept.
CREATE TABLE aeroflot_cards (
  account_id INTEGER PRIMARY KEY NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  number TEXT NOT NULL UNIQUE,
  attached_at INTEGER NOT NULL
);

-- The miles a paid order earns the account's card, once per order, written in the batch that
-- confirms the payment (for the partner to credit). The number is the one attached when it was paid.
CREATE TABLE aeroflot_accruals (
  order_id TEXT PRIMARY KEY NOT NULL REFERENCES orders(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  number TEXT NOT NULL,
  miles INTEGER NOT NULL CHECK (miles > 0),
  created_at INTEGER NOT NULL
);
