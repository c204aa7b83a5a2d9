/**
 * The viewer's subscription status (docs/product.md, «What we keep», «How things change»):
 * Subscription when their purchases, less the legacy tariff's, are not empty (a rental or a
 * purchase counts, as the spec has it), NoSubscription when they are, Unknown when the purchases could not be read (the client's
 * answer to a failed request). Pure, island-safe: the server and the client's store share it.
 */
export type SubscriptionStatus = 'Subscription' | 'NoSubscription' | 'Unknown';

/** What the status reads of one visitor purchase (GET /billing/visitor/purchases/). */
export interface StatusPurchase {
  buy_type: 'SVOD' | 'TVOD' | 'EST';
  legacy: boolean;
}

/**
 * @example subscriptionStatusOf([{ buy_type: 'SVOD', legacy: true }]) // 'NoSubscription'
 */
export function subscriptionStatusOf(
  purchases: readonly StatusPurchase[],
): Exclude<SubscriptionStatus, 'Unknown'> {
  return purchases.some((p) => !p.legacy) ? 'Subscription' : 'NoSubscription';
}

/** The partner channel of docs/product.md, «Numbers» (slug hbo-max) and its product's id. */
export const PARTNER_CHANNEL = { slug: 'hbo-max', productId: 2 } as const;
