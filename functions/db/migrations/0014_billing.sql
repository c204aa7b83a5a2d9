-- 0014 Billing (docs/product.md, «Money»): what is sold (tariffs and their prices, named offers,
-- paywalls), what was ordered and paid (orders, payments, saved payment methods, receipts), the
-- subscriptions that renew, gifts and promo codes. Money is integer kopecks; times are unix seconds.

-- A tariff sells one product: a subscription (SVOD) with periods, a rental (TVOD) or a purchase
-- (EST) of one title. `legacy` marks the old tariff that no longer counts as a subscription.
CREATE TABLE tariffs (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  product_id INTEGER NOT NULL REFERENCES products(id),
  buy_type TEXT NOT NULL CHECK (buy_type IN ('SVOD', 'TVOD', 'EST')),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- TVOD: how long the viewer has to start a rental, and how long it runs once started.
  rental_start_seconds INTEGER,
  rental_window_seconds INTEGER,
  -- The paywall that sells this tariff (the partner channel's billing list reads it).
  paywall_slug TEXT,
  giftable INTEGER NOT NULL DEFAULT 0 CHECK (giftable IN (0, 1)),
  legacy INTEGER NOT NULL DEFAULT 0 CHECK (legacy IN (0, 1)),
  on_sale INTEGER NOT NULL DEFAULT 1 CHECK (on_sale IN (0, 1)),
  sort INTEGER NOT NULL DEFAULT 0,
  CHECK ((buy_type = 'TVOD') = (rental_start_seconds IS NOT NULL AND rental_window_seconds IS NOT NULL))
);
CREATE INDEX tariffs_product ON tariffs (product_id);

-- A price list entry: a period (days; 0 for a rental or purchase) for a price with VAT, the price
-- without it (excl_tax) and the VAT rate a receipt states.
CREATE TABLE tariff_prices (
  id INTEGER PRIMARY KEY,
  tariff_id INTEGER NOT NULL REFERENCES tariffs(id),
  period_duration INTEGER NOT NULL CHECK (period_duration >= 0),
  price INTEGER NOT NULL CHECK (price >= 0),
  excl_tax INTEGER NOT NULL CHECK (excl_tax >= 0 AND excl_tax <= price),
  vat_rate INTEGER NOT NULL DEFAULT 22,
  on_sale INTEGER NOT NULL DEFAULT 1 CHECK (on_sale IN (0, 1)),
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tariff_prices_tariff ON tariff_prices (tariff_id);

-- A named offer on a price: the first period at another price and length (new user, retention,
-- offer 2, free days). Who gets which offer is the event manager's and the paywall's business.
CREATE TABLE price_offers (
  id INTEGER PRIMARY KEY,
  price_id INTEGER NOT NULL REFERENCES tariff_prices(id),
  name TEXT NOT NULL CHECK (name IN ('new_user', 'retention', 'offer2', 'free_days')),
  first_price INTEGER NOT NULL CHECK (first_price >= 0),
  first_period_days INTEGER NOT NULL CHECK (first_period_days > 0),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  button_text TEXT NOT NULL,
  UNIQUE (price_id, name)
);

-- A paywall: the screen that sells one or more tariffs, by slug; `kind` retention is served by
-- /billing/customer-retention/paywall/{slug} and applies its offer. `params` are the paywall
-- params (JSON object) a client passes along.
CREATE TABLE paywalls (
  slug TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL DEFAULT 'catalogue' CHECK (kind IN ('catalogue', 'retention')),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  button_text TEXT NOT NULL,
  offer_name TEXT,
  params TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE paywall_tariffs (
  paywall_slug TEXT NOT NULL REFERENCES paywalls(slug) ON DELETE CASCADE,
  tariff_id INTEGER NOT NULL REFERENCES tariffs(id),
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (paywall_slug, tariff_id)
) WITHOUT ROWID;

-- A card or SBP account the viewer agreed to be charged again (recurring consent), as the
-- acquirer knows it. Removing it keeps the row (past orders name it) with deleted_at set.
CREATE TABLE payment_methods (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  provider_method_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('bank_card', 'sbp')),
  title TEXT NOT NULL,
  card_last4 TEXT,
  card_brand TEXT,
  expiry TEXT,
  created_at INTEGER NOT NULL,
  deleted_at INTEGER,
  UNIQUE (provider, provider_method_id)
);
CREATE INDEX payment_methods_account ON payment_methods (account_id);

-- An order: one price (and maybe an offer) for one account, computed on the server. Its id is the
-- idempotence key sent to the acquirer; `client_key` makes a repeated submit of the same payment
-- form return the same order. Status follows the acquirer's payment: pending → succeeded or
-- canceled, never back.
CREATE TABLE orders (
  id TEXT PRIMARY KEY NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('purchase', 'renewal', 'gift')),
  tariff_id INTEGER NOT NULL REFERENCES tariffs(id),
  price_id INTEGER NOT NULL REFERENCES tariff_prices(id),
  offer_id INTEGER REFERENCES price_offers(id),
  title_id INTEGER REFERENCES titles(id),
  subscription_id INTEGER,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL DEFAULT 'RUB',
  method TEXT NOT NULL CHECK (method IN ('bank_card', 'sbp', 'saved', 'free')),
  payment_method_id INTEGER REFERENCES payment_methods(id),
  -- The viewer agreed on the payment screen to later charges of this method.
  recurring_consent INTEGER NOT NULL DEFAULT 0 CHECK (recurring_consent IN (0, 1)),
  gift_email TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'canceled')),
  cancel_reason TEXT,
  provider TEXT NOT NULL,
  provider_payment_id TEXT UNIQUE,
  confirmation_url TEXT,
  client_key TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  paid_at INTEGER,
  UNIQUE (account_id, client_key),
  CHECK ((kind = 'gift') = (gift_email IS NOT NULL))
);
CREATE INDEX orders_account ON orders (account_id, created_at DESC);
CREATE INDEX orders_pending ON orders (status, created_at) WHERE status = 'pending';

-- The money received for an order, one row per order: written in the same batch as the grant.
CREATE TABLE payments (
  order_id TEXT PRIMARY KEY NOT NULL REFERENCES orders(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  amount INTEGER NOT NULL,
  provider_payment_id TEXT NOT NULL UNIQUE,
  method_title TEXT NOT NULL,
  paid_at INTEGER NOT NULL
);
CREATE INDEX payments_account ON payments (account_id, paid_at DESC);

-- A subscription that renews: the tariff and price it renews at, the paid-up date (granted_till,
-- mirrored by its entitlements), whether it renews (is_renew), and the renewal's state: active,
-- renew (a charge failed; retried until grace_until), paused, ended.
CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  tariff_id INTEGER NOT NULL REFERENCES tariffs(id),
  price_id INTEGER NOT NULL REFERENCES tariff_prices(id),
  status TEXT NOT NULL CHECK (status IN ('active', 'renew', 'paused', 'ended')),
  is_renew INTEGER NOT NULL DEFAULT 1 CHECK (is_renew IN (0, 1)),
  payment_method_id INTEGER REFERENCES payment_methods(id),
  granted_till INTEGER NOT NULL,
  -- Renewal bookkeeping: the next attempt, how many failed in a row, the end of the grace period.
  next_charge_at INTEGER,
  failed_charges INTEGER NOT NULL DEFAULT 0,
  grace_until INTEGER,
  -- The retention offer can be taken once per subscription; the offer the next renewals charge
  -- (its first_price for its first_period_days) until it is used up.
  retention_offer_at INTEGER,
  renewal_offer_id INTEGER REFERENCES price_offers(id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (account_id, tariff_id)
);
CREATE INDEX subscriptions_due ON subscriptions (next_charge_at) WHERE status IN ('active', 'renew') AND is_renew = 1;

-- The right an order granted: at most one entitlement per order, however often it is confirmed.
ALTER TABLE entitlements ADD COLUMN order_id TEXT;
CREATE UNIQUE INDEX entitlements_order ON entitlements (order_id) WHERE order_id IS NOT NULL;

-- A receipt for a payment or refund with the fields 54-FZ asks for; the fiscal data (fiscal
-- storage number, document number and sign) come back from the fiscal operator.
CREATE TABLE receipts (
  id TEXT PRIMARY KEY NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL DEFAULT 'income' CHECK (kind IN ('income', 'income_return')),
  customer_contact TEXT NOT NULL,
  -- JSON: the seller, the items (name, quantity, price, VAT rate and amount, subject, mode), totals.
  body TEXT NOT NULL,
  total INTEGER NOT NULL,
  fiscal_storage TEXT,
  fiscal_document TEXT,
  fiscal_sign TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (order_id, kind)
);
CREATE INDEX receipts_account ON receipts (account_id, created_at DESC);

-- A gift: a paid gift order leaves a token (only its hash is kept) that another account accepts.
CREATE TABLE gifts (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL UNIQUE REFERENCES orders(id),
  token_hash TEXT NOT NULL UNIQUE,
  buyer_account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  tariff_id INTEGER NOT NULL REFERENCES tariffs(id),
  price_id INTEGER NOT NULL REFERENCES tariff_prices(id),
  recipient_email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  accepted_by INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  accepted_at INTEGER
);

-- Promo codes and vouchers: a code (upper case) grants days of a tariff, or a discount on its
-- first period; `max_uses` 1 is a one-time code. Each account redeems a code at most once.
CREATE TABLE promo_codes (
  code TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('promo', 'voucher')),
  tariff_id INTEGER NOT NULL REFERENCES tariffs(id),
  days INTEGER CHECK (days IS NULL OR days > 0),
  discount_percent INTEGER CHECK (discount_percent IS NULL OR discount_percent BETWEEN 1 AND 100),
  max_uses INTEGER NOT NULL CHECK (max_uses > 0),
  used INTEGER NOT NULL DEFAULT 0,
  valid_from INTEGER NOT NULL,
  valid_till INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  button_text TEXT NOT NULL,
  CHECK (used <= max_uses),
  CHECK ((days IS NULL) <> (discount_percent IS NULL))
);
CREATE TABLE promo_redemptions (
  code TEXT NOT NULL REFERENCES promo_codes(code),
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  redeemed_at INTEGER NOT NULL,
  PRIMARY KEY (code, account_id)
) WITHOUT ROWID;
