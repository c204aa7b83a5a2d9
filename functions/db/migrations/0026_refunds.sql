-- 0026 Refunds (docs/product.md, «Money»): staff return a paid order's whole payment through the
-- acquirer. One row per order is the keyed insert that makes a double click, or two staff at
-- once, refund once: the row is written before the acquirer is asked (status pending), and the
-- batch that records the return (its income_return receipt, the right taken back) finishes it.
CREATE TABLE refunds (
  order_id TEXT PRIMARY KEY NOT NULL REFERENCES orders(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- Kopecks: the order's whole payment (a partial refund is refused).
  amount INTEGER NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded')),
  -- The acquirer's refund, once it answered.
  provider_refund_id TEXT UNIQUE,
  -- The staff account that asked for it.
  staff_account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  refunded_at INTEGER
);
CREATE INDEX refunds_account ON refunds (account_id);
