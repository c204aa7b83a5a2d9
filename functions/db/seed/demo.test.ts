import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domains/auth/password.ts';
import { Browser } from '../../domains/auth/test-support.ts';
import { billingSql } from './billing.ts';
import { moscowMidnight } from './catalogue/clock.ts';
import { catalogueStatements } from './catalogue/index.ts';
import { DEMO_ACCOUNTS, demoStatements } from './demo.ts';

const reference = moscowMidnight('2026-11-23');
let statements: string[];

async function counts() {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM profiles) AS profiles,
       (SELECT count(*) FROM entitlements) AS entitlements, (SELECT count(*) FROM watch_progress) AS progress,
       (SELECT count(*) FROM favourites) AS favourites, (SELECT count(*) FROM subscriptions) AS subscriptions,
       (SELECT count(*) FROM payment_methods) AS cards, (SELECT count(*) FROM orders) AS orders,
       (SELECT count(*) FROM payments) AS payments, (SELECT count(*) FROM receipts) AS receipts`,
  ).first();
  return row!;
}

const forAccount = (email: string, sql: string) =>
  env.DB.prepare(sql.replace('?account', '(SELECT id FROM accounts WHERE email = ?)')).bind(email);

describe('the demo accounts', () => {
  beforeAll(async () => {
    await env.DB.batch(catalogueStatements({ scale: 0.2 }).map((s) => env.DB.prepare(s)));
    // The price list, as the seed writes it before the demo accounts.
    await env.DB.batch(
      billingSql()
        .split(/;\n/)
        .filter((s) => s.trim())
        .map((s) => env.DB.prepare(s)),
    );
    statements = demoStatements(await hashPassword(DEMO_ACCOUNTS.viewer.password), reference);
    await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
  });

  it('sign in with the password the README gives', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await new Browser('198.51.100.40').post('/auth/email/sign_in/', {
        email: account.email,
        password: account.password,
      });
      expect(res.status, account.email).toBe(200);
    }
  });

  it('have what the README says: a subscriber with a kid profile, history and favourites, a renter with one film', async () => {
    const { subscriber, renter, viewer } = DEMO_ACCOUNTS;
    const profiles = await forAccount(
      subscriber.email,
      'SELECT name, is_kid AS isKid FROM profiles WHERE account_id = ?account ORDER BY id',
    ).all();
    expect(profiles.results).toEqual([
      { name: 'Анна', isKid: 0 },
      { name: 'Дети', isKid: 1 },
    ]);
    const subscriptions = await forAccount(
      subscriber.email,
      `SELECT count(*) AS n, min(expires_at) AS until FROM entitlements WHERE account_id = ?account AND kind = 'subscription'`,
    ).first<{ n: number; until: number }>();
    const svod = await env.DB.prepare(
      "SELECT count(*) AS n FROM products WHERE buy_type = 'SVOD'",
    ).first<{ n: number }>();
    expect(subscriptions!.n).toBe(svod!.n);
    expect(subscriptions!.until).toBeGreaterThan(reference + 300 * 86_400);
    const rentals = await forAccount(
      renter.email,
      `SELECT e.kind, t.type, e.started_at AS startedAt FROM entitlements e JOIN titles t ON t.id = e.title_id WHERE e.account_id = ?account`,
    ).all();
    expect(rentals.results).toEqual([{ kind: 'rental', type: 'movie', startedAt: null }]);
    const viewerRights = await forAccount(
      viewer.email,
      'SELECT count(*) AS n FROM entitlements WHERE account_id = ?account',
    ).first<{ n: number }>();
    expect(viewerRights!.n).toBe(0);
    const lists = await forAccount(
      subscriber.email,
      `SELECT (SELECT count(*) FROM watch_progress WHERE profile_id IN (SELECT id FROM profiles WHERE account_id = ?account)) AS progress`,
    ).first<{ progress: number }>();
    expect(lists!.progress).toBe(5);
    expect((await counts()).favourites).toBe(6);
  });

  it('give the subscriber renewing subscriptions on a saved sandbox card, and a payment history with receipts', async () => {
    const { subscriber, renter } = DEMO_ACCOUNTS;
    const subs = await forAccount(
      subscriber.email,
      `SELECT s.status, s.is_renew AS isRenew, pm.title, pm.provider, s.granted_till = (
         SELECT max(e.expires_at) FROM entitlements e JOIN tariffs t ON t.product_id = e.product_id
         WHERE e.account_id = s.account_id AND t.id = s.tariff_id) AS tillMatches
       FROM subscriptions s JOIN payment_methods pm ON pm.id = s.payment_method_id WHERE s.account_id = ?account`,
    ).all();
    const rights = await forAccount(
      subscriber.email,
      "SELECT count(*) AS n FROM entitlements WHERE account_id = ?account AND kind = 'subscription'",
    ).first<{ n: number }>();
    expect(subs.results).toHaveLength(rights!.n);
    for (const row of subs.results)
      expect(row).toEqual({
        status: 'active',
        isRenew: 1,
        title: 'Visa •••• 4242',
        provider: 'sandbox',
        tillMatches: 1,
      });
    const history = await forAccount(
      subscriber.email,
      `SELECT (SELECT count(*) FROM orders WHERE account_id = ?account) AS orders,
         (SELECT count(*) FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.status = 'succeeded' AND p.account_id = o.account_id) AS payments,
         (SELECT count(*) FROM receipts) AS receipts`,
    ).first<{ orders: number; payments: number; receipts: number }>();
    expect(history).toEqual({ orders: 5, payments: 4, receipts: 4 });
    const body = await env.DB.prepare(
      "SELECT body FROM receipts WHERE id = 'demo-receipt-1'",
    ).first<{
      body: string;
    }>();
    expect(JSON.parse(body!.body)).toMatchObject({
      seller: { inn: expect.stringMatching(/^\d{10}$/) },
      items: [{ vat_rate: 22, payment_subject: 'услуга', payment_mode: 'полная оплата' }],
      total: 59_900,
    });
    const renterSubs = await forAccount(
      renter.email,
      'SELECT count(*) AS n FROM subscriptions WHERE account_id = ?account',
    ).first<{ n: number }>();
    expect(renterSubs!.n).toBe(0);
  });

  it('are seeded once: running the seed again changes nothing', async () => {
    const before = await counts();
    await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
    expect(await counts()).toEqual(before);
  });
});
