import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, signUp } from '../../auth/test-support.ts';
import { freshPaymentsState } from '../test-support.ts';

/**
 * Starting again after leaving the acquirer's page (docs/product.md, «Money»): the earlier
 * pending order of the same thing is superseded and gives back what it held (a code's use, an
 * offer); the history does not list it; a payment the acquirer still takes for it grants.
 */

const OK_CARD = '5555555555554477';
let n = 0;
const key = () => `again-${Date.now()}-${++n}`;

async function viewer() {
  const browser = new Browser();
  await signUp(browser, recordMessages(), `again${++n}@example.com`);
  return browser;
}

type Placed = { orderId: string; confirmation: { url: string } };

const place = (b: Browser, body: Record<string, unknown> = {}) =>
  b.post('/billing/checkout/', {
    tariffId: 1,
    priceId: 1,
    method: 'bank_card',
    recurringConsent: false,
    clientKey: key(),
    ...body,
  });

async function placed(b: Browser, body: Record<string, unknown> = {}): Promise<Placed> {
  const res = await place(b, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Placed;
}

/** The viewer's choice on the sandbox's card page, then the order as its return page reads it. */
async function atAcquirer(b: Browser, order: Placed, action: 'pay' | 'cancel') {
  await b.fetch(order.confirmation.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `number=${OK_CARD}&expiry=12%2F30&cvc=123&action=${action}`,
  });
  return (await (await b.fetch(`/billing/orders/${order.orderId}/`)).json()) as { status: string };
}

async function history(b: Browser) {
  const res = await b.fetch('/billing/visitor-payments/');
  expect(res.status).toBe(200);
  const page = (await res.json()) as {
    results: { orderId: string; status: string }[];
    count: number;
  };
  return { rows: page.results, total: page.count };
}

const one = async <T>(q: string, ...values: unknown[]) =>
  (await env.DB.prepare(q)
    .bind(...values)
    .first<T>())!;

const codeUse = (code: string) =>
  one(
    'SELECT used, (SELECT count(*) FROM promo_redemptions WHERE code = ?1) AS held FROM promo_codes WHERE code = ?1',
    code,
  );

const discountCode = (code: string, maxUses: number) =>
  env.DB.prepare(
    `INSERT INTO promo_codes (code, kind, tariff_id, discount_percent, max_uses, valid_from, valid_till, title, button_text)
     VALUES (?, 'promo', 1, 50, ?, 0, 4102444800, 'Скидка 50 %', 'Применить')`,
  )
    .bind(code, maxUses)
    .run();

beforeEach(freshPaymentsState);

describe('starting again after leaving the acquirer', () => {
  it('gives the discount code to the new order and lists only that order in the history', async () => {
    await discountCode('BACK', 1);
    const b = await viewer();
    const left = await placed(b, { promoCode: 'BACK' });
    // The viewer goes back from the acquirer's page without paying: the price shown has the code.
    const basket = await b.post('/billing/basket/add-product/', {
      tariffId: 1,
      priceId: 1,
      promoCode: 'BACK',
    });
    expect(basket.status).toBe(200);
    expect(await basket.json()).toMatchObject({ amount: 29_950, promo: { code: 'BACK' } });
    const again = await placed(b, { promoCode: 'BACK' });
    expect(again.orderId).not.toBe(left.orderId);
    expect(await one('SELECT amount FROM orders WHERE id = ?', again.orderId)).toEqual({
      amount: 29_950,
    });
    expect(await codeUse('BACK')).toEqual({ used: 1, held: 1 });
    expect(await history(b)).toEqual({
      rows: [expect.objectContaining({ orderId: again.orderId, status: 'pending' })],
      total: 1,
    });
    expect((await atAcquirer(b, again, 'pay')).status).toBe('succeeded');
    expect(await codeUse('BACK')).toEqual({ used: 1, held: 1 });
  });

  it('gives the new user’s offer to the new order', async () => {
    const b = await viewer();
    await placed(b, { offer: 'new_user' });
    const again = await placed(b, { offer: 'new_user' });
    expect(await one('SELECT amount FROM orders WHERE id = ?', again.orderId)).toEqual({
      amount: 100,
    });
    expect(await one('SELECT order_id AS orderId FROM offer_claims')).toEqual({
      orderId: again.orderId,
    });
  });

  it('gives the code back when the viewer returns from the acquirer’s page without paying', async () => {
    await discountCode('RETURN', 1);
    const b = await viewer();
    const left = await placed(b, { promoCode: 'RETURN' });
    expect((await atAcquirer(b, left, 'cancel')).status).toBe('canceled');
    expect(await codeUse('RETURN')).toEqual({ used: 0, held: 0 });
    await placed(b, { promoCode: 'RETURN' });
    expect(await codeUse('RETURN')).toEqual({ used: 1, held: 1 });
  });

  it('still grants a superseded order the acquirer takes money for, once', async () => {
    await discountCode('LATE', 5);
    const b = await viewer();
    const left = await placed(b, { promoCode: 'LATE' });
    const again = await placed(b, { promoCode: 'LATE' });
    // The acquirer's page of the first order was still open in another tab: it is paid there.
    expect((await atAcquirer(b, left, 'pay')).status).toBe('succeeded');
    // Its notification comes again, late: nothing more is written.
    const paymentId = (await one<{ id: string }>(
      'SELECT provider_payment_id AS id FROM orders WHERE id = ?',
      left.orderId,
    ))!.id;
    await b.post('/dev/yookassa/api/notify', { paymentId });
    expect(
      await one(
        `SELECT (SELECT count(*) FROM payments WHERE order_id = ?1) AS payments,
                (SELECT count(*) FROM entitlements) AS rights,
                (SELECT count(*) FROM receipts WHERE order_id = ?1) AS receipts`,
        left.orderId,
      ),
    ).toEqual({ payments: 1, rights: 1, receipts: 1 });
    // The account redeemed the code once, whichever order pays with it.
    expect(await codeUse('LATE')).toEqual({ used: 1, held: 1 });
    const rows = (await history(b)).rows;
    expect(rows.map((r) => [r.orderId, r.status])).toEqual(
      expect.arrayContaining([
        [left.orderId, 'succeeded'],
        [again.orderId, 'pending'],
      ]),
    );
    expect(rows).toHaveLength(2);
    // The new order is then canceled at the acquirer: the use is the paid order's, it stays.
    expect((await atAcquirer(b, again, 'cancel')).status).toBe('canceled');
    expect(await codeUse('LATE')).toEqual({ used: 1, held: 1 });
    expect(await one('SELECT order_id AS orderId FROM promo_redemptions')).toEqual({
      orderId: left.orderId,
    });
    const basket = await b.post('/billing/basket/add-product/', {
      tariffId: 1,
      priceId: 1,
      promoCode: 'LATE',
    });
    expect(basket.status).toBe(422);
    expect(await basket.json()).toMatchObject({ message: 'Вы уже активировали этот промокод' });
  });

  it('keeps the offer with a superseded order that is paid, when the new one is paid too', async () => {
    const b = await viewer();
    const left = await placed(b, { offer: 'new_user' });
    const again = await placed(b, { offer: 'new_user' });
    expect((await atAcquirer(b, left, 'pay')).status).toBe('succeeded');
    expect(await one('SELECT order_id AS orderId FROM offer_claims')).toEqual({
      orderId: left.orderId,
    });
    // The acquirer takes the new order's money too: it grants what it sold, the claim stays put.
    expect((await atAcquirer(b, again, 'pay')).status).toBe('succeeded');
    expect(
      await one('SELECT count(*) AS claims, max(order_id) AS orderId FROM offer_claims'),
    ).toEqual({ claims: 1, orderId: left.orderId });
  });

  it('refuses a code the account paid with while another order waits to be started again', async () => {
    await discountCode('ONCE', 5);
    const b = await viewer();
    const left = await placed(b, { promoCode: 'ONCE' });
    // Started again without the code, then the first order is paid in its old tab.
    await placed(b);
    expect((await atAcquirer(b, left, 'pay')).status).toBe('succeeded');
    expect(await codeUse('ONCE')).toEqual({ used: 1, held: 1 });
    const basket = await b.post('/billing/basket/add-product/', {
      tariffId: 1,
      priceId: 1,
      promoCode: 'ONCE',
    });
    expect(basket.status).toBe(422);
    expect(await basket.json()).toMatchObject({ message: 'Вы уже активировали этот промокод' });
    const res = await place(b, { promoCode: 'ONCE' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ details: { reason: 'promo_already_redeemed' } });
    expect(await codeUse('ONCE')).toEqual({ used: 1, held: 1 });
  });

  it('leaves one live order holding the code when two restarts arrive at once', async () => {
    await discountCode('RACE', 1);
    const b = await viewer();
    await placed(b, { promoCode: 'RACE' });
    const answers = await Promise.all([
      place(b, { promoCode: 'RACE' }),
      place(b, { promoCode: 'RACE' }),
    ]);
    expect(answers.map((r) => r.status)).toContain(200);
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.status).toBe(422);
    expect(await codeUse('RACE')).toEqual({ used: 1, held: 1 });
    const live = await history(b);
    expect(live.total).toBe(1);
    expect(
      await one('SELECT o.id FROM orders o JOIN promo_redemptions r ON r.order_id = o.id'),
    ).toEqual({ id: live.rows[0]!.orderId });
  });
});
