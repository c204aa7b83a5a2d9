-- 0025 Subscription pauses (docs/product.md, «Money»; /info/freezing): a viewer freezes a running
-- subscription for 7 to 90 days. While a pause runs (`ended_at` NULL and `ends_at` in the future)
-- the subscription's catalogue does not play (access/ leaves its entitlements out), it is not
-- charged, and its paid-up date and next charge have moved by the pause. `ended_at` is set when
-- the pause ends: at `ends_at` by the renewal job, or earlier by «Возобновить», which moves the
-- dates back by the days not used. `days` is what the viewer chose: the limits (two pauses and 90
-- days in 12 months) count it whole, as the rules say the days left of an early end burn.
-- The id is made by the request, so the batch that pauses names its own row.
CREATE TABLE subscription_pauses (
  id TEXT PRIMARY KEY NOT NULL,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  days INTEGER NOT NULL CHECK (days BETWEEN 7 AND 90),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  ended_at INTEGER,
  created_at INTEGER NOT NULL
);
-- One open pause per subscription: of two requests at once, the second inserts nothing.
CREATE UNIQUE INDEX subscription_pauses_open ON subscription_pauses (subscription_id) WHERE ended_at IS NULL;
-- The limits read a subscription's pauses of the last 12 months; access reads an account's open ones.
CREATE INDEX subscription_pauses_sub ON subscription_pauses (subscription_id, starts_at);
CREATE INDEX subscription_pauses_account ON subscription_pauses (account_id) WHERE ended_at IS NULL;
CREATE INDEX subscription_pauses_due ON subscription_pauses (ends_at) WHERE ended_at IS NULL;
