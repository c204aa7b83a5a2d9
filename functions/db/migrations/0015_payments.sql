-- 0015 Payments: the promo code an order used. (The sandbox acquirer's table, once created here,
-- is in functions/dev/schema.sql: development only.)

-- The discount promo code an order was priced with: redeemed when the order is paid.
ALTER TABLE orders ADD COLUMN promo_code TEXT;
