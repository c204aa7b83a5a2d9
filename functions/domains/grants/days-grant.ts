import { grantStatements } from './grant.ts';

/** Days of a subscription given rather than bought: a promo code, an accepted gift, free days. */
export interface DaysGrant {
  accountId: number;
  tariffId: number;
  productId: number;
  priceId: number;
  days: number;
  source: 'gift' | 'promo' | 'free_days';
  /** `gift:<id>`, `promo:<code>:<account>`, `free_days:<account>`: one grant each. */
  grantKey: string;
  now: number;
}

/**
 * The grant of given days (no title, no card to renew with), for the caller's one batch with the
 * row that records why.
 * @example db.batch([...acceptGift, ...daysGrantStatements(db, { accountId, ...tariff, days: 30, source: 'gift', grantKey: `gift:${id}`, now })])
 */
export function daysGrantStatements(d: D1Database, g: DaysGrant): D1PreparedStatement[] {
  return grantStatements(d, {
    accountId: g.accountId,
    tariff: {
      tariffId: g.tariffId,
      productId: g.productId,
      buyType: 'SVOD',
      priceId: g.priceId,
      days: g.days,
      rentalStartSeconds: null,
    },
    titleId: null,
    source: g.source,
    grantKey: g.grantKey,
    paymentMethodId: null,
    now: g.now,
  });
}
