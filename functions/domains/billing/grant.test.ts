import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAccounts } from '../auth/test-support.ts';
import { loadCatalogueFixture } from '../catalogue/test-fixtures.ts';
import { type GrantTariff, grantStatements } from './grant.ts';
import { loadBillingFixture } from './test-fixtures.ts';

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
