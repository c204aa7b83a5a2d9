/**
 * Demo accounts (README, «Demo accounts»): people to try the service as, seeded with `npm start`.
 * Every statement is idempotent and keyed by e-mail, not by id, so a local database that already
 * has accounts gets the demo ones beside them and a second run changes nothing.
 */
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
      'подписка на всё (Амедиатека, HBO Max, Paramount+, Кино1ТВ, DAZN) на год, история просмотра, избранное и детский профиль',
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
    `INSERT INTO favourites (profile_id, title_id, added_at)
SELECT ${adult}, id, ${reference} - rank * 3600
FROM (SELECT id, row_number() OVER (ORDER BY rating DESC, id) AS rank FROM titles
      WHERE type IN ('series', 'movie') AND partner = 'none')
WHERE rank <= 6
ON CONFLICT DO NOTHING;`,
  ];
}
