import { env } from 'cloudflare:workers';

/**
 * Test-only: the rows a paid subscription leaves (docs/product.md, «Money»): a saved sandbox card,
 * the subscription's entitlement and its renewal row, as PAY's confirm writes them.
 */
export async function givenSubscription(
  accountId: number,
  {
    tariffId = 1,
    priceId = 1,
    productId = 1,
    days = 30,
    card = true,
  }: {
    tariffId?: number;
    priceId?: number;
    productId?: number;
    days?: number;
    card?: boolean;
  } = {},
): Promise<{ subscriptionId: number; cardId: number | null; grantedTill: number }> {
  const now = Math.floor(Date.now() / 1000);
  const grantedTill = now + days * 86_400;
  const cardId = card
    ? (await env.DB.prepare(
        `INSERT INTO payment_methods (account_id, provider, provider_method_id, kind, title, card_last4, card_brand, expiry, created_at)
         VALUES (?, 'sandbox', ?, 'bank_card', 'Visa •••• 4242', '4242', 'Visa', '12/30', ?) RETURNING id`,
      )
        .bind(accountId, `pm-${accountId}-${tariffId}-${crypto.randomUUID()}`, now)
        .first<{ id: number }>())!.id
    : null;
  await env.DB.prepare(
    `INSERT INTO entitlements (account_id, product_id, kind, granted_at, expires_at, source)
     VALUES (?, ?, 'subscription', ?, ?, 'payment')`,
  )
    .bind(accountId, productId, now, grantedTill)
    .run();
  const sub = await env.DB.prepare(
    `INSERT INTO subscriptions (account_id, tariff_id, price_id, status, is_renew, payment_method_id, granted_till, next_charge_at, created_at, updated_at)
     VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      accountId,
      tariffId,
      priceId,
      cardId ? 1 : 0,
      cardId,
      grantedTill,
      grantedTill - 86_400,
      now,
      now,
    )
    .first<{ id: number }>();
  return { subscriptionId: sub!.id, cardId, grantedTill };
}

/** A subscription row as stored, for checks. */
export function storedSubscription(id: number) {
  return env.DB.prepare(
    `SELECT is_renew AS isRenew, renewal_offer_id AS renewalOfferId, retention_offer_at AS retentionOfferAt,
       payment_method_id AS paymentMethodId FROM subscriptions WHERE id = ?`,
  )
    .bind(id)
    .first<{
      isRenew: number;
      renewalOfferId: number | null;
      retentionOfferAt: number | null;
      paymentMethodId: number | null;
    }>();
}
