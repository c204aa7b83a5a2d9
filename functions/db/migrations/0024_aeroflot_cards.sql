-- 0024 The Aeroflot card (docs/product.md, «Money»): an account's Aeroflot Bonus membership
-- number, so that its payments earn miles. One number per account; one account per number (a
-- number attached to another account is refused). The partner confirms the member exists before
-- the number is kept.
CREATE TABLE aeroflot_cards (
  account_id INTEGER PRIMARY KEY NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  number TEXT NOT NULL UNIQUE,
  attached_at INTEGER NOT NULL
);
