/**
 * Demo accounts (README, «Demo accounts»): people to try the service as, seeded with `npm start`.
 * Every statement is idempotent and keyed by e-mail, not by id, so a local database that already
 * has accounts gets the demo ones beside them and a second run changes nothing.
 */

import { OPERATOR } from '../../shared/site.ts';
import { DAY } from './catalogue/clock.ts';
import { lit } from './sql.ts';

export interface DemoAccount {
  email: string;
  password: string;
  /** What the account has, as the README tells it. */
  about: string;
  profiles: { name: string; isKid: boolean }[];
}

/** The shared password of the demo accounts; they exist only in local and test databases. */
const DEMO_PASSWORD = 'smotrim-demo';

export const DEMO_ACCOUNTS = {
  subscriber: {
    email: 'subscriber@demo.amediateka.example',
    password: DEMO_PASSWORD,
    about:
      'подписка на всё (Амедиатека, HBO Max, Paramount+, Кино1ТВ, DAZN) на год с автопродлением с карты Visa •••• 4242, история платежей с чеками, история просмотра, избранное и детский профиль',
    profiles: [
      { name: 'Анна', isKid: false },
      { name: 'Дети', isKid: true },
    ],
  },
  viewer: {
    email: 'viewer@demo.amediateka.example',
    password: DEMO_PASSWORD,
    about: 'без подписки: смотрит трейлеры, бесплатные серии и открытые каналы',
    profiles: [{ name: 'Иван', isKid: false }],
  },
  renter: {
    email: 'renter@demo.amediateka.example',
    password: DEMO_PASSWORD,
    about: 'без подписки, взял напрокат один фильм (30 дней, чтобы начать, 48 часов после начала)',
    profiles: [{ name: 'Мария', isKid: false }],
  },
} as const satisfies Record<string, DemoAccount>;

const accountId = (email: string) => `(SELECT id FROM accounts WHERE email = ${lit(email)})`;
const profileId = (email: string, name: string) =>
  `(SELECT id FROM profiles WHERE account_id = ${accountId(email)} AND name = ${lit(name)})`;

function accountSql(account: DemoAccount, passwordHash: string, at: number): string[] {
  const { email } = account;
  return [
    `INSERT INTO accounts (email, password_hash, billing_id, created_at, password_changed_at)
SELECT ${lit(email)}, ${lit(passwordHash)}, lower(hex(randomblob(16))), ${at}, ${at}
WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE email = ${lit(email)});`,
    ...account.profiles.map(
      (p) => `INSERT INTO profiles (account_id, name, is_kid, created_at)
SELECT ${accountId(email)}, ${lit(p.name)}, ${p.isKid ? 1 : 0}, ${at}
WHERE NOT EXISTS (SELECT 1 FROM profiles WHERE account_id = ${accountId(email)} AND name = ${lit(p.name)});`,
    ),
  ];
}

/** One row per account and kind, so a second run adds nothing. */
function entitlementSql(email: string, values: string, kind: string): string {
  return `INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by, started_at, expires_at, source)
${values}
AND NOT EXISTS (SELECT 1 FROM entitlements WHERE account_id = ${accountId(email)} AND kind = ${lit(kind)} AND source = 'seed');`;
}

/**
 * The demo accounts' SQL statements: accounts and profiles, a year's subscription to every SVOD product, a
 * rental, and a viewing history with favourites for the subscriber's adult profile.
 * @param passwordHash a stored hash of DEMO_PASSWORD (functions/domains/auth's hashPassword)
 * @param reference unix seconds of the seed's reference day
 */
export function demoStatements(passwordHash: string, reference: number): string[] {
  const { subscriber, viewer, renter } = DEMO_ACCOUNTS;
  const sub = subscriber.email;
  const adult = profileId(sub, subscriber.profiles[0].name);
  return [
    ...[subscriber, viewer, renter].flatMap((a) => accountSql(a, passwordHash, reference)),
    entitlementSql(
      sub,
      `SELECT ${accountId(sub)}, id, 'subscription', NULL, ${reference}, NULL, NULL, ${reference + 365 * DAY}, 'seed'
FROM products WHERE buy_type = 'SVOD'`,
      'subscription',
    ),
    // The renter's film: the most popular released film that can be rented (an unreleased one
    // cannot play); 30 days to start it.
    entitlementSql(
      renter.email,
      `SELECT ${accountId(renter.email)}, tp.product_id, 'rental', t.id, ${reference}, ${reference + 30 * DAY}, NULL, NULL, 'seed'
FROM titles t JOIN title_products tp ON tp.title_id = t.id JOIN products p ON p.id = tp.product_id
WHERE t.type = 'movie' AND p.buy_type = 'TVOD' AND t.partner = 'none' AND t.released_at <= ${reference}
  AND t.id = (SELECT t2.id FROM titles t2 JOIN title_products tp2 ON tp2.title_id = t2.id JOIN products p2 ON p2.id = tp2.product_id
              WHERE t2.type = 'movie' AND p2.buy_type = 'TVOD' AND t2.partner = 'none' AND t2.released_at <= ${reference} ORDER BY t2.popularity DESC, t2.id LIMIT 1)`,
      'rental',
    ),
    // History: the first episodes of the three most popular series (the third finished), and two
    // films started, a day apart, so «Продолжить просмотр» and the history's date groups have rows.
    `INSERT INTO watch_progress (id, profile_id, title_id, episode_id, position, duration, completed, updated_at)
SELECT lower(hex(randomblob(16))), ${adult}, e.title_id, e.id,
  CASE WHEN rank = 3 THEN 60 ELSE 12 + rank * 6 END, 60, CASE WHEN rank = 3 THEN 1 ELSE 0 END,
  ${reference} - rank * ${DAY / 2}
FROM (SELECT e.id, e.title_id, row_number() OVER (ORDER BY t.popularity DESC, t.id) AS rank
      FROM titles t JOIN seasons s ON s.title_id = t.id AND s.number = 1
      JOIN episodes e ON e.season_id = s.id AND e.number = 1
      WHERE t.type = 'series' AND t.partner = 'none' AND t.age_rating <= 16) e
WHERE rank <= 3
ON CONFLICT DO NOTHING;`,
    `INSERT INTO watch_progress (id, profile_id, title_id, episode_id, position, duration, completed, updated_at)
SELECT lower(hex(randomblob(16))), ${adult}, id, 0, 20, 60, 0, ${reference} - rank * ${DAY}
FROM (SELECT id, row_number() OVER (ORDER BY popularity DESC, id) AS rank FROM titles
      WHERE type = 'movie' AND partner = 'none' AND age_rating <= 16)
WHERE rank <= 2
ON CONFLICT DO NOTHING;`,
    ...billingDemoSql(sub, reference),
    `INSERT INTO favourites (profile_id, title_id, added_at)
SELECT ${adult}, id, ${reference} - rank * 3600
FROM (SELECT id, row_number() OVER (ORDER BY rating DESC, id) AS rank FROM titles
      WHERE type IN ('series', 'movie') AND partner = 'none')
WHERE rank <= 6
ON CONFLICT DO NOTHING;`,
  ];
}

/** The subscriber's saved sandbox card (the local acquirer's test card that succeeds). */
export const DEMO_CARD = {
  providerMethodId: 'demo-subscriber-visa-4242',
  title: 'Visa •••• 4242',
} as const;

/** Past orders of the subscriber: [id suffix, kind, tariff, price, kopecks, method, days ago, status]. */
const DEMO_ORDERS = [
  [1, 'purchase', 1, 1, 59_900, 'bank_card', 62, 'succeeded'],
  [2, 'renewal', 1, 1, 59_900, 'saved', 32, 'succeeded'],
  [3, 'purchase', 2, 4, 39_900, 'sbp', 20, 'succeeded'],
  [4, 'renewal', 1, 1, 59_900, 'saved', 2, 'succeeded'],
  [5, 'purchase', 4, 7, 19_900, 'bank_card', 1, 'canceled'],
] as const;

const ITEM_NAMES: Record<number, string> = {
  1: 'Подписка «Амедиатека» на 1 месяц',
  2: 'Подписка «HBO Max» на 1 месяц',
  4: 'Подписка «Кино1ТВ» на 1 месяц',
};

/**
 * The subscriber's billing (README, «Demo accounts»): a saved sandbox card, a renewing
 * subscription row for each seeded SVOD right (at the tariff's first price, paid up to the
 * right's end), and a few past orders with their payments and 54-FZ receipts, so /subscription,
 * /payment-history and /settings/payments have something to show.
 */
function billingDemoSql(email: string, reference: number): string[] {
  const account = accountId(email);
  const card = `(SELECT id FROM payment_methods WHERE provider = 'sandbox' AND provider_method_id = ${lit(DEMO_CARD.providerMethodId)})`;
  const orders = DEMO_ORDERS.flatMap(([n, kind, tariff, price, amount, method, ago, status]) => {
    const id = lit(`demo-subscriber-${n}`);
    const at = reference - ago * DAY;
    const viaCard = method !== 'sbp';
    const methodTitle = viaCard ? DEMO_CARD.title : 'СБП';
    const vat = amount - Math.round((amount * 100) / 122);
    const body = {
      seller: {
        name: OPERATOR.name,
        inn: OPERATOR.inn,
        address: OPERATOR.address,
        tax_system: 'ОСН',
      },
      date: at,
      items: [
        {
          name: ITEM_NAMES[tariff],
          quantity: 1,
          price: amount,
          vat_rate: 22,
          vat_amount: vat,
          payment_subject: 'услуга',
          payment_mode: 'полная оплата',
        },
      ],
      total: amount,
      payment_method: methodTitle,
      customer_email: email,
    };
    const rows = [
      `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, amount, method, payment_method_id, recurring_consent, status, cancel_reason, provider, provider_payment_id, created_at, updated_at, paid_at)
SELECT ${id}, ${account}, ${lit(kind)}, ${tariff}, ${price}, ${amount}, ${lit(method)}, ${viaCard ? card : 'NULL'}, ${viaCard ? 1 : 0}, ${lit(status)}, ${status === 'canceled' ? lit('card_declined') : 'NULL'}, 'sandbox', ${lit(`demo-payment-${n}`)}, ${at}, ${at}, ${status === 'succeeded' ? at : 'NULL'}
WHERE ${account} IS NOT NULL
ON CONFLICT DO NOTHING;`,
    ];
    if (status !== 'succeeded') return rows;
    return [
      ...rows,
      `INSERT INTO payments (order_id, account_id, amount, provider_payment_id, method_title, paid_at)
SELECT ${id}, ${account}, ${amount}, ${lit(`demo-payment-${n}`)}, ${lit(methodTitle)}, ${at}
WHERE ${account} IS NOT NULL
ON CONFLICT DO NOTHING;`,
      `INSERT INTO receipts (id, order_id, account_id, kind, customer_contact, body, total, fiscal_storage, fiscal_document, fiscal_sign, created_at)
SELECT ${lit(`demo-receipt-${n}`)}, ${id}, ${account}, 'income', ${lit(email)}, ${lit(JSON.stringify(body))}, ${amount}, '7380440700000001', ${lit(String(1000 + n))}, ${lit(String(3_000_000_000 + n * 7919))}, ${at}
WHERE ${account} IS NOT NULL
ON CONFLICT DO NOTHING;`,
    ];
  });
  return [
    `INSERT INTO payment_methods (account_id, provider, provider_method_id, kind, title, card_last4, card_brand, expiry, created_at)
SELECT ${account}, 'sandbox', ${lit(DEMO_CARD.providerMethodId)}, 'bank_card', ${lit(DEMO_CARD.title)}, '4242', 'Visa', '12/30', ${reference - 62 * DAY}
WHERE ${account} IS NOT NULL
ON CONFLICT DO NOTHING;`,
    `INSERT INTO subscriptions (account_id, tariff_id, price_id, status, is_renew, payment_method_id, granted_till, next_charge_at, created_at, updated_at)
SELECT e.account_id, t.id,
  (SELECT tp.id FROM tariff_prices tp WHERE tp.tariff_id = t.id AND tp.on_sale = 1 ORDER BY tp.sort, tp.id LIMIT 1),
  'active', 1, ${card}, e.expires_at, e.expires_at - ${DAY}, ${reference}, ${reference}
FROM entitlements e JOIN tariffs t ON t.product_id = e.product_id AND t.buy_type = 'SVOD' AND t.legacy = 0
WHERE e.account_id = ${account} AND e.kind = 'subscription' AND e.source = 'seed'
ON CONFLICT DO NOTHING;`,
    ...orders,
  ];
}
