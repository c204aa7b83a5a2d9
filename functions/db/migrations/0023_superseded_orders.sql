-- 0023 Superseded orders (docs/product.md, «Money»): a viewer who leaves the acquirer's page
-- without paying and starts the same purchase again places a new order; the earlier one, still
-- pending at the acquirer (which cannot cancel a payment awaiting its payer), is marked superseded
-- by the new one in the same batch that gives back what it held (a code's use, an offer's claim).
-- Its status still follows the acquirer's payment: a payment taken for it later still grants.
ALTER TABLE orders ADD COLUMN superseded_by TEXT;
ALTER TABLE orders ADD COLUMN superseded_at INTEGER;
