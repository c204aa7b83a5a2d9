import {
  insertPurchase,
  insertRental,
  insertSubscriptionPeriod,
  stopOtherTariffsRenewing,
  upsertSubscription,
} from './grant.repo.ts';

/**
 * Granting what was paid for (docs/product.md, «Money»): the D1 statements that turn a paid order,
 * an accepted gift or a redeemed code into the entitlement the player checks. Each is safe to run
 * again: an order grants through `entitlements.order_id` (unique), so a second confirmation of the
 * same order inserts nothing, and a subscription's paid-up date is recomputed from its
 * entitlements rather than added to. Callers put these in one `db.batch()` with the payment row,
 * so access and money are recorded together or not at all.
 */

/** What a grant needs to know of the tariff and price (rows of `tariffs` and `tariff_prices`). */
export interface GrantTariff {
  tariffId: number;
  productId: number;
  buyType: 'SVOD' | 'TVOD' | 'EST';
  priceId: number;
  /** Days a subscription's period lasts (price list's period_duration, or an offer's first period). */
  days: number;
  rentalStartSeconds: number | null;
}

export interface Grant {
  accountId: number;
  tariff: GrantTariff;
  /** The title of a rental or purchase. */
  titleId: number | null;
  /** Where the right came from (entitlements.source): payment, renewal, gift, promo, free_days. */
  source: 'payment' | 'renewal' | 'gift' | 'promo' | 'free_days';
  /** The order, gift or code this right comes from, made unique per grant (`order:…`, `gift:…`, `promo:…`). */
  grantKey: string;
  /** A saved method the subscription renews with; null leaves renewal as it was (off for a new one). */
  paymentMethodId: number | null;
  now: number;
}

/**
 * The statements of one grant, in order: the entitlement (ignored when `grantKey` already granted),
 * then for a subscription its renewal row, whose `granted_till` is the latest end of the
 * account's entitlements of that product.
 * @example db.batch([markPaid, insertPayment, ...grantStatements(db, grant)])
 */
export function grantStatements(d: D1Database, g: Grant): D1PreparedStatement[] {
  const { accountId, tariff, now } = g;
  const e = { accountId, productId: tariff.productId, source: g.source, grantKey: g.grantKey, now };
  if (tariff.buyType === 'TVOD') return [insertRental(d, e, g.titleId, tariff.rentalStartSeconds)];
  if (tariff.buyType === 'EST') return [insertPurchase(d, e, g.titleId)];
  // A viewer's own purchase picks the price that renews; a renewal, gift or code keeps it.
  const bought = g.source === 'payment';
  return [
    insertSubscriptionPeriod(d, e, tariff.days),
    // The next charge is a day before the paid-up date.
    upsertSubscription(d, {
      accountId,
      productId: tariff.productId,
      tariffId: tariff.tariffId,
      priceId: tariff.priceId,
      paymentMethodId: g.paymentMethodId,
      takesPrice: bought,
      now,
    }),
    // The period a viewer paid for is the one that renews; any other tariff of the same product
    // (the legacy one, say) stops renewing, so one product is never charged twice a period.
    ...(bought
      ? [stopOtherTariffsRenewing(d, accountId, tariff.productId, tariff.tariffId, now)]
      : []),
  ];
}
