import type { Query } from '../../../db/run.ts';
import { prepare, sql } from '../../../db/sql.ts';

/**
 * Whether the account is subscribed in the sense of docs/product.md («What we keep»: Subscription
 * when the viewer's purchases, less the legacy tariff's, are not empty), as one statement a page
 * adds to its batch; for a guest (account 0) it finds nothing. The same rule as
 * `visitorPurchases` (visitor.ts), which lists the purchases themselves: a live non-legacy
 * subscription, or a live right that no live subscription row covers (a rental, a purchase, a
 * gift or promo's subscription); a product's right covered by the legacy tariff's row alone does
 * not count.
 */
export function subscribedQuery(d: D1Database, accountId: number, now: number): Query<boolean> {
  const q = sql`WITH live AS (
          SELECT t.product_id, t.legacy FROM subscriptions s JOIN tariffs t ON t.id = s.tariff_id
          WHERE s.account_id = ${accountId} AND s.status IN ('active', 'renew', 'paused')
            AND s.granted_till > ${now})
        SELECT (EXISTS (SELECT 1 FROM live WHERE legacy = 0)
          OR EXISTS (SELECT 1 FROM entitlements e
            WHERE e.account_id = ${accountId}
              AND (e.kind = 'purchase' OR e.expires_at > ${now}
                OR (e.kind = 'rental' AND e.started_at IS NULL AND e.starts_by > ${now}))
              AND NOT (e.kind = 'subscription' AND e.product_id IN (SELECT product_id FROM live)))
        ) AS subscribed`;
  return { statement: prepare(d, q), read: (all) => all[0]?.subscribed === 1 };
}
