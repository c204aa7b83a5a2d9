-- 0018 Claims on what an order may take only once (docs/product.md, «Money»), written in the
-- same batch as the order, so of two orders placed at once only one takes it; a canceled order
-- gives its claim back.

-- A new user's offer and offer 2 are for an account that never held the tariff: one order at a
-- time may claim them (the primary key). The claim of a paid order stays (the account now holds
-- the tariff).
CREATE TABLE offer_claims (
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  tariff_id INTEGER NOT NULL,
  order_id TEXT NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, tariff_id)
) WITHOUT ROWID;

-- A discount code's use is reserved by the order that names it, when it is placed: the order it
-- belongs to, so canceling that order gives the use back. NULL for a redemption on /activate.
ALTER TABLE promo_redemptions ADD COLUMN order_id TEXT;
