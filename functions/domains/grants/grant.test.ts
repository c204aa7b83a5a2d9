import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAccounts } from '../auth/test-support.ts';
import { loadBillingFixture } from '../billing/test-fixtures.ts';
import { loadCatalogueFixture } from '../catalogue/test-fixtures.ts';
import { type GrantTariff, grantStatements } from './grant.ts';

const DAY = 86_400;
const now = 1_800_000_000;
const monthly: GrantTariff = {
  tariffId: 1,
  productId: 1,
  buyType: 'SVOD',
  priceId: 1,
  days: 30,
  rentalStartSeconds: null,
};

async function account(): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO accounts (email, billing_id) VALUES ('payer@example.com', 'b-1') RETURNING id",
  ).first<{ id: number }>();
  return row!.id;
}

const grant = (accountId: number, grantKey: string, at = now, tariff = monthly) =>
  env.DB.batch(
    grantStatements(env.DB, {
      accountId,
      tariff,
      titleId: tariff.buyType === 'SVOD' ? null : 2,
      source: 'payment',
      grantKey,
      paymentMethodId: null,
      now: at,
    }),
  );

const rights = (accountId: number) =>
  env.DB.prepare(
    'SELECT kind, expires_at AS expiresAt, starts_by AS startsBy FROM entitlements WHERE account_id = ? ORDER BY id',
  )
    .bind(accountId)
    .all()
    .then((r) => r.results);

describe('granting what was paid for', () => {
  beforeEach(async () => {
    await resetAccounts();
    await loadCatalogueFixture();
    await loadBillingFixture();
  });

  it('grants one period however many times the same order is confirmed', async () => {
    const id = await account();
    await Promise.all(Array.from({ length: 5 }, () => grant(id, 'order:a')));
    expect(await rights(id)).toEqual([
      { kind: 'subscription', expiresAt: now + 30 * DAY, startsBy: null },
    ]);
    const sub = await env.DB.prepare(
      'SELECT status, granted_till AS till, is_renew AS renew FROM subscriptions WHERE account_id = ?',
    )
      .bind(id)
      .first();
    expect(sub).toEqual({ status: 'active', till: now + 30 * DAY, renew: 0 });
  });

  it('starts a second paid period where the first ends, not when it was paid', async () => {
    const id = await account();
    await grant(id, 'order:a');
    await grant(id, 'order:b', now + 10 * DAY);
    const till = await env.DB.prepare(
      'SELECT granted_till AS t FROM subscriptions WHERE account_id = ?',
    )
      .bind(id)
      .first<{ t: number }>();
    expect(till!.t).toBe(now + 60 * DAY);
  });

  it('grants a rental with 30 days to start it and no end until it starts', async () => {
    const id = await account();
    const rent: GrantTariff = {
      tariffId: 6,
      productId: 6,
      buyType: 'TVOD',
      priceId: 9,
      days: 0,
      rentalStartSeconds: 30 * DAY,
    };
    await grant(id, 'order:r', now, rent);
    await grant(id, 'order:r', now, rent);
    expect(await rights(id)).toEqual([
      { kind: 'rental', expiresAt: null, startsBy: now + 30 * DAY },
    ]);
  });
});

describe('a purchase decides what renews', () => {
  beforeEach(async () => {
    await resetAccounts();
    await loadCatalogueFixture();
    await loadBillingFixture();
  });

  const subscriptions = (accountId: number) =>
    env.DB.prepare(
      'SELECT tariff_id AS tariff, price_id AS price, is_renew AS renew FROM subscriptions WHERE account_id = ? ORDER BY tariff_id',
    )
      .bind(accountId)
      .all()
      .then((r) => r.results);

  it('renews at the price last bought, not the first one', async () => {
    const id = await account();
    await grant(id, 'order:month');
    await grant(id, 'order:year', now, { ...monthly, priceId: 3, days: 365 });
    expect(await subscriptions(id)).toEqual([{ tariff: 1, price: 3, renew: 0 }]);
  });

  it('stops the renewal of another tariff of the same product when one is bought', async () => {
    const id = await account();
    const legacy: GrantTariff = { ...monthly, tariffId: 9, priceId: 12 };
    await grant(id, 'order:old', now, legacy);
    await env.DB.prepare('UPDATE subscriptions SET is_renew = 1 WHERE account_id = ?')
      .bind(id)
      .run();
    await grant(id, 'order:new', now + DAY);
    expect(await subscriptions(id)).toEqual([
      { tariff: 1, price: 1, renew: 0 },
      { tariff: 9, price: 12, renew: 0 },
    ]);
  });
});
