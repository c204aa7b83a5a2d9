import { env } from 'cloudflare:workers';
import {
  paywalls,
  paywallTariffs,
  priceOffers,
  tariffPrices,
  tariffs,
} from '../../db/seed/billing.ts';
import { insertIgnore } from '../../db/seed/sql.ts';

/** Every billing table, children first, so deleting them in this order breaks no reference. */
export const BILLING_TABLES = [
  'promo_redemptions',
  'promo_codes',
  'gifts',
  'refunds',
  'receipts',
  'payments',
  'offer_claims',
  'orders',
  'subscription_pauses',
  'subscriptions',
  'payment_methods',
  'paywall_tariffs',
  'paywalls',
  'price_offers',
  'tariff_prices',
  'tariffs',
] as const;

/**
 * The seed's tariffs, prices, offers and paywalls for Worker tests, on top of the catalogue
 * fixture (loadCatalogueFixture): the seed's products the fixture lacks are added first.
 */
const PARAMOUNT_TARIFF = 3;

export async function loadBillingFixture() {
  const products = [
    [1, 'amediateka', 'Амедиатека', 'SVOD', 'none'],
    [2, 'hbo-max', 'HBO Max', 'SVOD', 'hbo-max'],
    [3, 'rent', 'Аренда', 'TVOD', 'none'],
    [4, 'kino1tv', 'Кино1ТВ', 'SVOD', 'kino1tv'],
    [5, 'dazn', 'DAZN', 'SVOD', 'dazn'],
    [6, 'rent-hd', 'Аренда в HD на 48 часов', 'TVOD', 'none'],
    [7, 'buy-hd', 'Покупка в HD', 'EST', 'none'],
    [8, 'buy-4k', 'Покупка в 4K', 'EST', 'none'],
  ];
  // The catalogue fixture's product 3 is a rental, not Paramount+: its tariff is left out.
  const sold = <T extends Record<K, number>, K extends string>(rows: T[], key: K) =>
    rows.filter((r) => r[key] !== PARAMOUNT_TARIFF);
  await env.DB.batch(
    [
      ...BILLING_TABLES.map((t) => `DELETE FROM ${t}`),
      ...products.map(
        ([id, slug, name, buyType, partner]) =>
          `INSERT OR IGNORE INTO products (id, slug, name, buy_type, partner) VALUES (${id}, '${slug}', '${name}', '${buyType}', '${partner}')`,
      ),
      insertIgnore('tariffs', sold(tariffs, 'id')),
      insertIgnore('tariff_prices', sold(tariffPrices, 'tariff_id')),
      insertIgnore(
        'price_offers',
        priceOffers.filter((o) => sold(tariffPrices, 'tariff_id').some((p) => p.id === o.price_id)),
      ),
      insertIgnore(
        'paywalls',
        paywalls.filter((p) => p.slug !== 'paramount-plus'),
      ),
      insertIgnore('paywall_tariffs', sold(paywallTariffs, 'tariff_id')),
    ].map((q) => env.DB.prepare(q)),
  );
}
