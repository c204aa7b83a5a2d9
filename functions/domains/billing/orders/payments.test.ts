import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOffers } from '../../../db/seed/billing.ts';
import { callWithVars } from '../../../test-helpers.ts';
import { Browser, recordMessages, signUp } from '../../auth/test-support.ts';
import { runRenewals } from '../index.ts';

import { freshPaymentsState } from '../test-support.ts';

/** The retention offer's price for its period, as the price list has it. */
const RETENTION_PRICE = priceOffers.find((o) => o.name === 'retention')!.first_price;

const DAY = 86_400;
const OK_CARD = '5555555555554477';
const THREE_DS_CARD = '4000000000003063';
const POOR_CARD = '5555555555554592';
const RENEW_FAILS_CARD = '2200000000000004';

interface Placed {
  orderId: string;
  status: string;
  confirmation: { type: string; url: string; payload?: string } | null;
}

let n = 0;
const key = () => `form-${Date.now()}-${++n}`;
const monthly = (extra: Record<string, unknown> = {}) => ({
  tariffId: 1,
  priceId: 1,
  method: 'bank_card',
  recurringConsent: false,
  clientKey: key(),
  ...extra,
});

async function viewer(email = `payer${++n}@example.com`) {
  const browser = new Browser();
  await signUp(browser, recordMessages(), email);
  return browser;
}

async function checkout(browser: Browser, body: Record<string, unknown>): Promise<Placed> {
  const res = await browser.post('/billing/checkout/', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Pays on the sandbox's card page as a person would; answers where the acquirer sent them. */
async function payByCard(browser: Browser, placed: Placed, number: string) {
  const res = await browser.fetch(placed.confirmation!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, expiry: '12/30', cvc: '123', action: 'pay' }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!, 'http://localhost:8787');
}

const order = async (browser: Browser, id: string) =>
  (await browser.fetch(`/billing/orders/${id}/`)).json() as Promise<{
    status: string;
    amount: number;
    message: string | null;
    cancelReason: string | null;
  }>;

const count = async (q: string, ...values: unknown[]) =>
  (await env.DB.prepare(q)
    .bind(...values)
    .first<{ n: number }>())!.n;

const paymentIdOf = async (orderId: string) =>
  (await env.DB.prepare('SELECT provider_payment_id AS id FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ id: string }>())!.id;

const notify = (paymentId: string, event: string) =>
  new Browser().post('/billing/notifications/yookassa/', {
    type: 'notification',
    event,
    object: { id: paymentId, status: event.replace('payment.', '') },
  });

beforeEach(async () => {
  await freshPaymentsState();
});

describe('paying for a subscription through the sandbox acquirer', () => {
  it('grants the subscription once the card is paid, and the same form again is the same order', async () => {
    const b = await viewer();
    const body = monthly();
    const placed = await checkout(b, body);
    expect(placed).toMatchObject({ status: 'pending', confirmation: { type: 'redirect' } });
    expect((await checkout(b, body)).orderId).toBe(placed.orderId);

    const back = await payByCard(b, placed, OK_CARD);
    expect(back.pathname + back.search).toBe(`/payment/redirect?orderId=${placed.orderId}`);
    expect(await order(b, placed.orderId)).toMatchObject({ status: 'succeeded', amount: 59_900 });
    expect(await count("SELECT count(*) AS n FROM entitlements WHERE kind = 'subscription'")).toBe(
      1,
    );
    expect(await count('SELECT count(*) AS n FROM payments')).toBe(1);
    // No consent: the card is not saved and the subscription does not renew.
    expect(await count('SELECT count(*) AS n FROM payment_methods')).toBe(0);
    expect(await count('SELECT is_renew AS n FROM subscriptions')).toBe(0);
  });

  it('ignores a price sent by the client and refuses offers and prices the viewer may not have', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly({ amount: 100, price: 1 }));
    expect(await count('SELECT amount AS n FROM orders WHERE id = ?', placed.orderId)).toBe(59_900);
    const sandboxAmount = await count(
      'SELECT amount AS n FROM sandbox_payments WHERE idempotence_key = ?',
      placed.orderId,
    );
    expect(sandboxAmount).toBe(59_900);

    const wrongPrice = await b.post('/billing/checkout/', monthly({ priceId: 4 }));
    expect(wrongPrice.status).toBe(422);
    expect(((await wrongPrice.json()) as { details: { reason: string } }).details.reason).toBe(
      'price_not_found',
    );
    const retention = await b.post('/billing/checkout/', monthly({ offer: 'retention' }));
    expect(retention.status).toBe(422);
    const newUser = await checkout(b, monthly({ offer: 'new_user' }));
    expect(await count('SELECT amount AS n FROM orders WHERE id = ?', newUser.orderId)).toBe(100);
  });

  it('says in Russian why the bank declined a card, and grants nothing', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly());
    await payByCard(b, placed, POOR_CARD);
    const o = await order(b, placed.orderId);
    expect(o.status).toBe('canceled');
    expect(o.cancelReason).toBe('insufficient_funds');
    expect(o.message).toMatch(/^Банк отклонил платёж: на карте недостаточно средств/);
    expect(await count('SELECT count(*) AS n FROM entitlements')).toBe(0);
  });

  it('asks for the 3-D Secure code and pays with the right one, declines with a wrong one', async () => {
    const b = await viewer();
    const good = await checkout(b, monthly());
    const codePage = await payByCard(b, good, THREE_DS_CARD);
    expect(codePage.pathname).toMatch(/\/dev\/yookassa\/checkout\/.+\/3ds$/);
    const page = await (await b.fetch(codePage.href)).text();
    expect(page).toContain('Код из SMS');
    const submit = (code: string, url: URL) =>
      b.fetch(url.pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card: THREE_DS_CARD, code }).toString(),
      });
    expect((await submit('123456', codePage)).status).toBe(303);
    expect((await order(b, good.orderId)).status).toBe('succeeded');

    const bad = await checkout(b, monthly());
    const badPage = await payByCard(b, bad, THREE_DS_CARD);
    await submit('000000', badPage);
    const o = await order(b, bad.orderId);
    expect(o).toMatchObject({ status: 'canceled', cancelReason: '3d_secure_failed' });
    expect(o.message).toContain('3-D Secure');
  });

  it('pays by SBP once the bank app confirms the QR', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly({ method: 'sbp' }));
    expect(placed.confirmation).toMatchObject({
      type: 'qr',
      url: `/payment/redirect?orderId=${placed.orderId}`,
    });
    expect((await order(b, placed.orderId)).status).toBe('pending');
    const bankApp = new URL(placed.confirmation!.payload!);
    expect((await b.fetch(bankApp.pathname)).status).toBe(200);
    await b.fetch(bankApp.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=pay',
    });
    expect((await order(b, placed.orderId)).status).toBe('succeeded');
  });

  it('shows an order to its owner only', async () => {
    const owner = await viewer();
    const placed = await checkout(owner, monthly());
    const stranger = await viewer();
    expect((await stranger.fetch(`/billing/orders/${placed.orderId}/`)).status).toBe(404);
    expect((await new Browser().fetch(`/billing/orders/${placed.orderId}/`)).status).toBe(401);
  });
});

describe('notifications from the acquirer', () => {
  it('keeps a succeeded order succeeded when a notification says canceled afterwards', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly());
    await payByCard(b, placed, OK_CARD);
    const paymentId = await paymentIdOf(placed.orderId);
    const res = await b.post('/dev/yookassa/api/notify', {
      paymentId,
      event: 'payment.canceled',
    });
    expect(res.status).toBe(200);
    expect((await notify(paymentId, 'payment.canceled')).status).toBe(200);
    expect((await order(b, placed.orderId)).status).toBe('succeeded');
  });

  it('acts on what the acquirer says, not on what a notification claims', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly());
    const paymentId = await paymentIdOf(placed.orderId);
    const forged = await notify(paymentId, 'payment.succeeded');
    expect(await forged.json()).toEqual({ result: 'confirmed' });
    expect((await order(b, placed.orderId)).status).toBe('pending');
    expect(await count('SELECT count(*) AS n FROM entitlements')).toBe(0);
    expect(await (await notify('no-such-payment', 'payment.succeeded')).json()).toEqual({
      result: 'ignored',
    });
  });

  it('grants exactly 8 times for 8 orders of one viewer notified 10 times each, all at once', async () => {
    // 80 notifications at once race twice: ten copies for each order, and 8 orders extending the
    // same subscription. More orders race no differently; they only cost time (24 of them took a
    // third of this file's time, and most of its 60 s on a busy machine).
    const orders = 8;
    const b = await viewer();
    const placed: Placed[] = [];
    for (let i = 0; i < orders; i += 8)
      placed.push(...(await Promise.all(Array.from({ length: 8 }, () => checkout(b, monthly())))));
    // Paid on the card page with the sandbox's own notifications off, and nobody returns to the
    // site: every order is still pending when the storm comes.
    const quiet = { PAYMENT_SANDBOX_NOTIFY_MS: 'off' };
    for (let i = 0; i < orders; i += 8)
      await Promise.all(
        placed.slice(i, i + 8).map((p) =>
          callWithVars(quiet, new URL(p.confirmation!.url).pathname, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `number=${OK_CARD}&expiry=12%2F30&cvc=123&action=pay`,
          }),
        ),
      );
    expect(await count("SELECT count(*) AS n FROM orders WHERE status = 'pending'")).toBe(orders);
    const ids = await Promise.all(placed.map((p) => paymentIdOf(p.orderId)));
    const storm = ids.flatMap((id) => Array.from({ length: 10 }, () => id));
    const answers = await Promise.all(storm.map((id) => notify(id, 'payment.succeeded')));
    expect(answers.every((r) => r.status === 200)).toBe(true);

    expect(await count("SELECT count(*) AS n FROM orders WHERE status = 'succeeded'")).toBe(orders);
    expect(await count('SELECT count(*) AS n FROM entitlements WHERE order_id IS NOT NULL')).toBe(
      orders,
    );
    expect(await count('SELECT count(*) AS n FROM payments')).toBe(orders);
    expect(await count('SELECT count(*) AS n FROM receipts')).toBe(orders);
    expect(
      await count("SELECT count(*) AS n FROM outbox_messages WHERE purpose = 'payment_receipt'"),
    ).toBe(orders);
    // Each paid month follows the previous one: 8 months, not fewer.
    const till = await count('SELECT granted_till AS n FROM subscriptions');
    const first = await count('SELECT min(granted_at) AS n FROM entitlements');
    expect(till - first).toBeGreaterThanOrEqual(orders * 30 * DAY - 60);
  }, 60_000);
});

describe('receipts', () => {
  it('carry every field 54-FZ asks for and go out by e-mail once', async () => {
    const b = await viewer('receipt@example.com');
    const placed = await checkout(b, monthly());
    await payByCard(b, placed, OK_CARD);
    await order(b, placed.orderId);
    const row = await env.DB.prepare('SELECT * FROM receipts WHERE order_id = ?')
      .bind(placed.orderId)
      .first<Record<string, string | number>>();
    const body = JSON.parse(String(row!.body));
    expect(body.seller).toEqual({
      name: expect.stringContaining('Амедиа'),
      inn: expect.stringMatching(/^\d{10}$/),
      address: expect.stringContaining('Москва'),
      taxSystem: 'ОСН',
      site: expect.stringMatching(/^https?:\/\//),
    });
    expect(body.dateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+03:00$/);
    expect(body.items).toEqual([
      {
        name: 'Подписка «Амедиатека» на 1 месяц',
        quantity: 1,
        price: 59_900,
        amount: 59_900,
        vatRate: 22,
        vatAmount: 10_802,
        paymentSubject: 'услуга',
        paymentMode: 'полная оплата',
      },
    ]);
    expect(body).toMatchObject({
      total: 59_900,
      vatTotal: 10_802,
      paymentMethod: 'электронными',
      customerContact: 'receipt@example.com',
    });
    expect(body.fiscal.storageNumber).toMatch(/^\d{16}$/);
    expect(body.fiscal.documentNumber).toMatch(/^\d+$/);
    expect(body.fiscal.sign).toMatch(/^\d{10}$/);
    expect(row).toMatchObject({
      fiscal_storage: body.fiscal.storageNumber,
      fiscal_document: body.fiscal.documentNumber,
      fiscal_sign: body.fiscal.sign,
    });
    const mails = await env.DB.prepare(
      'SELECT body_text AS text FROM outbox_messages WHERE idempotency_key = ?',
    )
      .bind(`receipt:${placed.orderId}`)
      .all<{ text: string }>();
    expect(mails.results).toHaveLength(1);
    const text = mails.results[0]!.text.replace(/\s/g, ' ');
    for (const field of [
      'ИНН',
      'ОСН',
      'НДС 22 %',
      'услуга',
      'полная оплата',
      'электронными',
      'ФН №',
      'ФД №',
      'ФП',
    ])
      expect(text).toContain(field);
  });
});

describe('renewals', () => {
  async function subscribed(card: string) {
    const b = await viewer();
    const placed = await checkout(b, monthly({ recurringConsent: true }));
    await payByCard(b, placed, card);
    expect((await order(b, placed.orderId)).status).toBe('succeeded');
    return env.DB.prepare(
      'SELECT id, granted_till AS till, next_charge_at AS next, is_renew AS renew, status FROM subscriptions',
    ).first<{ id: number; till: number; next: number; renew: number; status: string }>();
  }

  it('charges the saved card once a day before the paid-up date, however often the job runs', async () => {
    const sub = (await subscribed(OK_CARD))!;
    expect(sub).toMatchObject({ renew: 1, status: 'active', next: sub.till - DAY });
    const at = sub.till - DAY + 60;
    await Promise.all([runRenewals(at), runRenewals(at)]);
    await runRenewals(at + 60);
    expect(await count("SELECT count(*) AS n FROM orders WHERE kind = 'renewal'")).toBe(1);
    expect(await count('SELECT count(*) AS n FROM sandbox_payments')).toBe(2);
    expect(await count('SELECT granted_till AS n FROM subscriptions')).toBe(sub.till + 30 * DAY);
  });

  it('charges a retention offer once, then the price list', async () => {
    const sub = (await subscribed(OK_CARD))!;
    await env.DB.prepare('UPDATE subscriptions SET renewal_offer_id = 2').run();
    await runRenewals(sub.till - DAY + 60);
    const renewal = await env.DB.prepare("SELECT amount FROM orders WHERE kind = 'renewal'").first<{
      amount: number;
    }>();
    expect(renewal!.amount).toBe(RETENTION_PRICE);
    expect(await count('SELECT granted_till AS n FROM subscriptions')).toBe(sub.till + 90 * DAY);
    expect(
      await count('SELECT count(*) AS n FROM subscriptions WHERE renewal_offer_id IS NULL'),
    ).toBe(1);
  });

  it('retries a declined renewal after 1 day, then 2, then ends the subscription and says so', async () => {
    const sub = (await subscribed(RENEW_FAILS_CARD))!;
    const first = sub.till - DAY + 60;
    await runRenewals(first);
    const state = () =>
      env.DB.prepare(
        'SELECT status, next_charge_at AS next, failed_charges AS failed, is_renew AS renew FROM subscriptions',
      ).first();
    expect(await state()).toEqual({ status: 'renew', next: first + DAY, failed: 1, renew: 1 });
    await runRenewals(first + DAY);
    expect(await state()).toEqual({ status: 'renew', next: first + 3 * DAY, failed: 2, renew: 1 });
    await runRenewals(first + 3 * DAY);
    expect(await state()).toEqual({ status: 'ended', next: null, failed: 3, renew: 0 });
    await runRenewals(first + 4 * DAY);
    expect(await count("SELECT count(*) AS n FROM orders WHERE kind = 'renewal'")).toBe(3);
    // Access ends with the paid-up date, not later.
    expect(await count('SELECT max(expires_at) AS n FROM entitlements')).toBe(sub.till);
    expect(
      await count("SELECT count(*) AS n FROM outbox_messages WHERE purpose = 'subscription_ended'"),
    ).toBe(1);
  });
});

describe('renewal consent', () => {
  it('never charges a subscription bought without it', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly({ recurringConsent: false }));
    await payByCard(b, placed, OK_CARD);
    await order(b, placed.orderId);
    const till = await count('SELECT granted_till AS n FROM subscriptions');
    expect(await runRenewals(till - DAY + 60)).toEqual({ charged: 0, skipped: 0 });
    expect(await count('SELECT count(*) AS n FROM sandbox_payments')).toBe(1);
  });
});

describe('the webhook in production', () => {
  it('hears only YooKassa’s addresses', async () => {
    const prod = {
      ENVIRONMENT: 'production',
      DEV_ROUTES: 'false',
      SITE_ORIGIN: 'https://a.example',
    };
    const body = JSON.stringify({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: 'x' },
    });
    const from = (ip: string) =>
      callWithVars(prod, '/billing/notifications/yookassa/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body,
      });
    expect((await from('203.0.113.5')).status).toBe(403);
    expect((await from('185.71.76.20')).status).toBe(200);
  });
});

describe('the sandbox in production', () => {
  it('is absent: its pages and API answer 404', async () => {
    const prod = { ENVIRONMENT: 'production', DEV_ROUTES: 'false' };
    expect((await callWithVars(prod, '/dev/yookassa/checkout/abc')).status).toBe(404);
    expect(
      (await callWithVars(prod, '/dev/yookassa/v3/payments', { method: 'POST', body: '{}' }))
        .status,
    ).toBe(404);
  });
});
