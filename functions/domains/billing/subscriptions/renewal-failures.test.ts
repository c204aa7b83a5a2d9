import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, signUp } from '../../auth/test-support.ts';
import { runRenewals } from '../index.ts';

import { freshPaymentsState } from '../test-support.ts';

const DAY = 86_400;
const OK_CARD = '5555555555554477';

let n = 0;

/** A viewer subscribed monthly with a saved card, through the sandbox's card page. */
async function subscribed() {
  const b = new Browser();
  await signUp(b, recordMessages(), `renewer${++n}-${Date.now()}@example.com`);
  const res = await b.post('/billing/checkout/', {
    tariffId: 1,
    priceId: 1,
    method: 'bank_card',
    recurringConsent: true,
    clientKey: `renewal-failures-${++n}`,
  });
  expect(res.status).toBe(200);
  const placed = (await res.json()) as { orderId: string; confirmation: { url: string } };
  await b.fetch(placed.confirmation.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `number=${OK_CARD}&expiry=12%2F30&cvc=123&action=pay`,
  });
  await b.fetch(`/billing/orders/${placed.orderId}/`);
  return (await env.DB.prepare(
    `SELECT id, account_id AS accountId, payment_method_id AS methodId, granted_till AS till
     FROM subscriptions ORDER BY id DESC LIMIT 1`,
  ).first<{ id: number; accountId: number; methodId: number; till: number }>())!;
}

const state = () =>
  env.DB.prepare(
    'SELECT status, failed_charges AS failed, granted_till AS till FROM subscriptions',
  ).first<{ status: string; failed: number; till: number }>();

beforeEach(async () => {
  await freshPaymentsState();
});

describe('renewals that the acquirer holds or refuses', () => {
  it('charges a due subscription although 50 others wait for the acquirer’s answer', async () => {
    const sub = await subscribed();
    const at = sub.till - DAY + 60;
    // 50 subscriptions due earlier whose renewal payments the acquirer answered «pending».
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < 50; i++) {
      const account = 100_000 + i;
      const sid = 100_000 + i;
      const till = sub.till - 3600 - i;
      statements.push(
        env.DB.prepare('INSERT INTO accounts (id, email, billing_id) VALUES (?, ?, ?)').bind(
          account,
          `held${i}@example.com`,
          `held-${i}`,
        ),
        env.DB.prepare(
          `INSERT INTO subscriptions (id, account_id, tariff_id, price_id, status, is_renew,
             payment_method_id, granted_till, next_charge_at, created_at, updated_at)
           VALUES (?, ?, 1, 1, 'active', 1, ?, ?, ?, 0, 0)`,
        ).bind(sid, account, sub.methodId, till, till - DAY),
        env.DB.prepare(
          `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, subscription_id, amount,
             method, payment_method_id, recurring_consent, status, provider, provider_payment_id,
             client_key, created_at, updated_at)
           VALUES (?, ?, 'renewal', 1, 1, ?, 59900, 'saved', ?, 1, 'pending', 'sandbox', ?, ?, ?, ?)`,
        ).bind(
          `held-order-${i}`,
          account,
          sid,
          sub.methodId,
          `held-payment-${i}`,
          `renewal:${sid}:${till}:0`,
          at - 3600,
          at - 3600,
        ),
      );
    }
    await env.DB.batch(statements);
    await runRenewals(at);
    expect(
      await env.DB.prepare('SELECT granted_till AS till FROM subscriptions WHERE id = ?')
        .bind(sub.id)
        .first('till'),
    ).toBe(sub.till + 30 * DAY);
  });

  it('counts a saved card the acquirer refuses for good as a failed charge, retried under a new key', async () => {
    const sub = await subscribed();
    // The card was revoked at the acquirer: it no longer knows the saved method.
    await env.DB.prepare("UPDATE payment_methods SET provider_method_id = 'revoked-method'").run();
    const at = sub.till - DAY + 60;
    await runRenewals(at);
    expect(await state()).toMatchObject({ status: 'renew', failed: 1, till: sub.till });
    expect(
      await env.DB.prepare(
        "SELECT status, cancel_reason AS reason FROM orders WHERE kind = 'renewal'",
      ).first(),
    ).toEqual({ status: 'canceled', reason: 'permission_revoked' });
    await runRenewals(at + DAY);
    expect(await state()).toMatchObject({ status: 'renew', failed: 2 });
    await runRenewals(at + 3 * DAY);
    expect(await state()).toMatchObject({ status: 'ended', failed: 3 });
    expect(
      await env.DB.prepare(
        "SELECT count(*) AS n FROM outbox_messages WHERE purpose = 'subscription_ended'",
      ).first('n'),
    ).toBe(1);
  });

  it('fails the charge instead of opening a card page when the saved card of a retried renewal is gone', async () => {
    const sub = await subscribed();
    const at = sub.till - DAY + 60;
    // A renewal order whose payment was never created, for a card the viewer has since removed
    // and replaced by another one.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO payment_methods (id, account_id, provider, provider_method_id, kind, title, created_at, deleted_at)
         VALUES (900, ?, 'sandbox', 'old-card', 'bank_card', 'Старая карта', 0, ?)`,
      ).bind(sub.accountId, at - 7200),
      env.DB.prepare(
        `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, subscription_id, amount,
           method, payment_method_id, recurring_consent, status, provider, client_key, created_at, updated_at)
         VALUES ('stale-renewal', ?, 'renewal', 1, 1, ?, 59900, 'saved', 900, 1, 'pending', 'sandbox', ?, ?, ?)`,
      ).bind(sub.accountId, sub.id, `renewal:${sub.id}:${sub.till}:0`, at - 3600, at - 3600),
    ]);
    await runRenewals(at);
    expect(
      await env.DB.prepare(
        "SELECT status, confirmation_url AS url FROM orders WHERE id = 'stale-renewal'",
      ).first(),
    ).toEqual({ status: 'canceled', url: null });
    expect(await state()).toMatchObject({ status: 'renew', failed: 1 });
    // The next attempt charges the card the subscription has now.
    await runRenewals(at + DAY);
    expect((await state())!.till).toBeGreaterThanOrEqual(sub.till + 30 * DAY);
  });
});
