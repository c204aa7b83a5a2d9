import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../test-helpers.ts';
import { Browser, recordMessages, signUp } from '../../auth/test-support.ts';
import { freshPaymentsState } from '../test-support.ts';

const messages = recordMessages();
const OK_CARD = '5555555555554477';
const MONTHLY = { tariffId: 1, priceId: 1 };
const BUY_HD = { tariffId: 7, priceId: 10, titleId: 2 };
const BASIC = `Basic ${btoa('sandbox-shop:sandbox-secret-key')}`;

let n = 0;

async function person(staff = false) {
  const browser = new Browser();
  const me = await signUp(browser, messages, `refund${++n}@example.com`);
  if (staff)
    await env.DB.prepare('INSERT INTO staff (account_id, granted_at) VALUES (?, 0)')
      .bind(me.accountId)
      .run();
  return { browser, me };
}

/** A viewer's order placed for payment by card (not paid yet). */
async function place(b: Browser, what: Record<string, unknown>) {
  const placed = await b.post('/billing/checkout/', {
    ...what,
    method: 'bank_card',
    recurringConsent: true,
    clientKey: `refund-${++n}`,
  });
  expect(placed.status, await placed.clone().text()).toBe(200);
  return (await placed.json()) as { orderId: string; confirmation: { url: string } };
}

/** A viewer's order paid on the sandbox's card page, and confirmed as the return page does. */
async function paidOrder(b: Browser, what: Record<string, unknown>) {
  const { orderId, confirmation } = await place(b, what);
  const paid = await b.fetch(confirmation.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: OK_CARD, expiry: '12/30', cvc: '123' }).toString(),
  });
  expect(paid.status).toBe(303);
  const order = (await (await b.fetch(`/billing/orders/${orderId}/`)).json()) as {
    status: string;
  };
  expect(order.status).toBe('succeeded');
  return orderId;
}

const refund = (staff: Browser, body: Record<string, unknown>) =>
  staff.post('/api/staff/refunds/', body);

const count = async (q: string, ...values: unknown[]) =>
  (await env.DB.prepare(q)
    .bind(...values)
    .first<{ n: number }>())!.n;

/** The sandbox acquirer's payment, read as the shop reads it (YooKassa's API v3). */
async function acquirerPayment(orderId: string) {
  const { id } = (await env.DB.prepare('SELECT provider_payment_id AS id FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ id: string }>())!;
  const res = await call(`/dev/yookassa/v3/payments/${id}`, { headers: { authorization: BASIC } });
  return (await res.json()) as Record<string, unknown>;
}

beforeEach(async () => {
  await freshPaymentsState();
  await env.DB.batch([
    env.DB.prepare('DELETE FROM refunds'),
    env.DB.prepare('DELETE FROM staff'),
    // The film «Последнее лето» is sold in HD (as in placement.test.ts).
    env.DB.prepare('INSERT OR IGNORE INTO title_products (title_id, product_id) VALUES (2, 7)'),
  ]);
});

describe('POST /api/staff/refunds/ (staff refund a payment)', () => {
  it('returns a bought film: an income_return receipt, the purchase ends, the history says so', async () => {
    const viewer = await person();
    const staff = await person(true);
    const orderId = await paidOrder(viewer.browser, BUY_HD);
    const access = async () =>
      (await (await viewer.browser.fetch('/billing/visitor/access/2/')).json()) as {
        allowed: boolean;
        reason: string | null;
      };
    expect(await access()).toMatchObject({ allowed: true, unlock: { by: 'purchase' } });

    const res = await refund(staff.browser, { orderId });
    expect(res.status, await res.clone().text()).toBe(200);
    const done = (await res.json()) as { amount: number; receiptId: string; status: string };
    expect(done).toMatchObject({ orderId, accountId: viewer.me.accountId, status: 'succeeded' });

    // The acquirer returned the whole payment once.
    const payment = await acquirerPayment(orderId);
    expect(payment).toMatchObject({
      refundable: false,
      refunded_amount: { value: (done.amount / 100).toFixed(2), currency: 'RUB' },
    });
    // The right the payment granted is gone: the film is no longer the viewer's.
    expect(await access()).toMatchObject({ allowed: false, reason: 'not_entitled' });

    // The viewer's history shows the refund and its receipt, a «Возврат прихода».
    const history = (await (await viewer.browser.fetch('/billing/visitor-payments/')).json()) as {
      results: { orderId: string; refundedAt: number | null; refundReceiptId: string | null }[];
    };
    const row = history.results.find((r) => r.orderId === orderId)!;
    expect(row.refundedAt).toBeGreaterThan(0);
    expect(row.refundReceiptId).toBe(done.receiptId);
    const receipt = (await (
      await viewer.browser.fetch(`/billing/receipts/${done.receiptId}/`)
    ).json()) as Record<string, unknown>;
    expect(receipt).toMatchObject({
      kind: 'income_return',
      total: done.amount,
      body: { kind: 'income_return', operation: 'Возврат прихода', total: done.amount },
    });
    // Its e-mail waits in the outbox, once.
    expect(
      await count(
        'SELECT count(*) AS n FROM outbox_messages WHERE idempotency_key = ?',
        `receipt-return:${orderId}`,
      ),
    ).toBe(1);
  });

  it('ends a subscription it returns: no access, no renewal', async () => {
    const viewer = await person();
    const staff = await person(true);
    const orderId = await paidOrder(viewer.browser, MONTHLY);
    const current = async () =>
      (await (
        await viewer.browser.fetch('/billing/subscriptions/?status__in=active,renew,paused')
      ).json()) as { results: unknown[] };
    expect((await current()).results).toHaveLength(1);
    expect((await refund(staff.browser, { orderId })).status).toBe(200);
    expect((await current()).results).toHaveLength(0);
    expect(
      await env.DB.prepare(
        'SELECT status, is_renew AS renews FROM subscriptions WHERE account_id = ?',
      )
        .bind(viewer.me.accountId)
        .first(),
    ).toEqual({ status: 'ended', renews: 0 });
  });

  it('refunds once however often and by whomever it is asked at the same time', async () => {
    const viewer = await person();
    const [first, second] = [await person(true), await person(true)];
    const orderId = await paidOrder(viewer.browser, BUY_HD);
    // A double click by one, and the other at the same moment.
    const answers = await Promise.all([
      refund(first.browser, { orderId }),
      refund(first.browser, { orderId }),
      refund(second.browser, { orderId }),
    ]);
    const bodies = await Promise.all(
      answers.map((r) => r.json() as Promise<Record<string, unknown>>),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies.map((b) => b.providerRefundId)).size).toBe(1);
    const { id } = (await env.DB.prepare(
      'SELECT provider_payment_id AS id FROM orders WHERE id = ?',
    )
      .bind(orderId)
      .first<{ id: string }>())!;
    expect(await count('SELECT count(*) AS n FROM sandbox_refunds WHERE payment_id = ?', id)).toBe(
      1,
    );
    expect(
      await count(
        "SELECT count(*) AS n FROM receipts WHERE order_id = ? AND kind = 'income_return'",
        orderId,
      ),
    ).toBe(1);
    // Asked again later: the same refund, nothing new.
    const again = await refund(second.browser, { orderId });
    expect(await again.json()).toEqual(bodies[0]);
    expect(await count('SELECT count(*) AS n FROM sandbox_refunds')).toBe(1);
  });

  it('refuses a partial refund with a clear message and changes nothing', async () => {
    const viewer = await person();
    const staff = await person(true);
    const orderId = await paidOrder(viewer.browser, BUY_HD);
    const res = await refund(staff.browser, { orderId, amount: 10_000 });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message:
        'Частичный возврат не предусмотрен: вернуть можно только всю сумму платежа — 499\u00a0₽',
      details: { reason: 'partial_refund', field: 'amount' },
    });
    expect(await count('SELECT count(*) AS n FROM refunds')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM sandbox_refunds')).toBe(0);
    expect((await acquirerPayment(orderId)).refundable).toBe(true);
    // The whole amount, named, is a refund.
    expect((await refund(staff.browser, { orderId, amount: 49_900 })).status).toBe(200);
  });

  it('refuses an order that was not paid, and a malformed request, with the envelope', async () => {
    const viewer = await person();
    const staff = await person(true);
    const { orderId } = await place(viewer.browser, BUY_HD);
    const res = await refund(staff.browser, { orderId });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: 'Этот заказ не оплачен: возвращать нечего',
      details: { reason: 'not_paid' },
    });
    expect((await refund(staff.browser, { orderId: 'no-such-order' })).status).toBe(404);
    expect((await refund(staff.browser, { amount: 'all' })).status).toBe(422);
    expect(await count('SELECT count(*) AS n FROM refunds')).toBe(0);
  });

  it('answers 404 to the payer, a guest and staff on a kid profile, and refunds nothing', async () => {
    const viewer = await person();
    const orderId = await paidOrder(viewer.browser, BUY_HD);
    const staff = await person(true);
    // A real staff session switched to a kid profile; the adult token issued before the switch is
    // still within its 15 minutes, and only the live session knows the profile is a kid's now.
    const created = await staff.browser.post('/auth/users/', { name: 'Миша', isKid: true });
    const { id } = (await created.json()) as { id: number };
    expect((await staff.browser.post('/auth/users/switch/', { userId: id })).status).toBe(200);
    const body = JSON.stringify({ orderId });
    const headers = { 'content-type': 'application/json' };
    for (const res of [
      await refund(viewer.browser, { orderId }),
      await call('/api/staff/refunds/', { method: 'POST', headers, body }),
      await call('/api/staff/refunds/', {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${staff.me.token}` },
        body,
      }),
      await refund(staff.browser, { orderId }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ details: { reason: 'staff_only' } });
    }
    expect(await count('SELECT count(*) AS n FROM refunds')).toBe(0);
    expect((await acquirerPayment(orderId)).refundable).toBe(true);
  });

  it('refunds nothing for staff whose sessions were revoked, though their token has not expired', async () => {
    const viewer = await person();
    const orderId = await paidOrder(viewer.browser, BUY_HD);
    const staff = await person(true);
    await env.DB.prepare('UPDATE sessions SET revoked_at = unixepoch() WHERE account_id = ?')
      .bind(staff.me.accountId)
      .run();
    const res = await call('/api/staff/refunds/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.me.token}` },
      body: JSON.stringify({ orderId }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ details: { reason: 'session_ended' } });
    expect(await count('SELECT count(*) AS n FROM refunds')).toBe(0);
    expect((await acquirerPayment(orderId)).refundable).toBe(true);
  });
});

describe('what a refund takes back besides the payment', () => {
  const subscription = (accountId: number) =>
    env.DB.prepare(
      `SELECT id, status, granted_till AS grantedTill,
         (SELECT count(*) FROM entitlements e WHERE e.account_id = s.account_id AND e.kind = 'subscription') AS periods
       FROM subscriptions s WHERE account_id = ?`,
    )
      .bind(accountId)
      .first<{ id: number; status: string; grantedTill: number; periods: number }>();

  it('refuses a subscription period a later paid one is stacked on, changing nothing; latest first, then it', async () => {
    const viewer = await person();
    const staff = await person(true);
    const first = await paidOrder(viewer.browser, MONTHLY);
    const second = await paidOrder(viewer.browser, MONTHLY);
    const before = (await subscription(viewer.me.accountId))!;
    expect(before.periods).toBe(2);

    const res = await refund(staff.browser, { orderId: first });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message:
        'Вернуть можно только последний период подписки: за этим заказом уже идёт следующий период. Сначала верните его',
      details: { reason: 'not_latest_period' },
    });
    expect(await subscription(viewer.me.accountId)).toEqual(before);
    expect(await count('SELECT count(*) AS n FROM refunds')).toBe(0);
    expect((await acquirerPayment(first)).refundable).toBe(true);

    // The latest first: the first month is left, paid up to its own end.
    expect((await refund(staff.browser, { orderId: second })).status).toBe(200);
    const left = (await subscription(viewer.me.accountId))!;
    expect(left.periods).toBe(1);
    expect(left.grantedTill).toBeLessThan(before.grantedTill);
    expect(left.status).not.toBe('ended');
    // Then the first: nothing is left.
    expect((await refund(staff.browser, { orderId: first })).status).toBe(200);
    expect(await subscription(viewer.me.accountId)).toMatchObject({ status: 'ended', periods: 0 });
  });

  it('takes back the miles the payment earned', async () => {
    const viewer = await person();
    const staff = await person(true);
    expect(
      (
        await viewer.browser.post('/billing/aeroflot-card/', {
          number: '12345678',
          surname: 'IVANOVA',
        })
      ).status,
    ).toBe(200);
    const orderId = await paidOrder(viewer.browser, MONTHLY);
    const miles = () =>
      count('SELECT count(*) AS n FROM aeroflot_accruals WHERE order_id = ?', orderId);
    expect(await miles()).toBe(1);
    expect((await refund(staff.browser, { orderId })).status).toBe(200);
    expect(await miles()).toBe(0);
  });

  it('ends a paused subscription’s pause, so buying it again plays at once', async () => {
    const viewer = await person();
    const staff = await person(true);
    const orderId = await paidOrder(viewer.browser, MONTHLY);
    const { id } = (await subscription(viewer.me.accountId))!;
    const paused = await viewer.browser.post(`/billing/subscriptions/${id}/pause/`, { days: 30 });
    expect(paused.status, await paused.clone().text()).toBe(200);
    expect((await refund(staff.browser, { orderId })).status).toBe(200);
    expect(
      await count(
        'SELECT count(*) AS n FROM subscription_pauses WHERE subscription_id = ? AND ended_at IS NULL',
        id,
      ),
    ).toBe(0);

    // Film 4 is in the Амедиатека subscription's catalogue (billing-pause.test.ts).
    await paidOrder(viewer.browser, MONTHLY);
    const access = (await (await viewer.browser.fetch('/billing/visitor/access/4/')).json()) as {
      allowed: boolean;
    };
    expect(access.allowed).toBe(true);
  });
});
