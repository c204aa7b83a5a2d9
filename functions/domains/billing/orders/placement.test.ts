import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../../auth/test-support.ts';
import { loadCatalogueFixture } from '../../catalogue/test-fixtures.ts';
import { loadBillingFixture } from '../test-fixtures.ts';

/**
 * What an order may take (docs/product.md, «Money»): only offers and titles this viewer may have,
 * and a code's use or an offer once, however many orders are placed at once.
 */

const OK_CARD = '5555555555554477';
const POOR_CARD = '5555555555554592';
const RENT_HD = { tariffId: 6, priceId: 9 };
const BUY_HD = { tariffId: 7, priceId: 10 };

let n = 0;
const key = () => `place-${Date.now()}-${++n}`;

async function viewer() {
  const browser = new Browser();
  await signUp(browser, recordMessages(), `placer${++n}@example.com`);
  return browser;
}

const place = (b: Browser, body: Record<string, unknown>) =>
  b.post('/billing/checkout/', {
    tariffId: 1,
    priceId: 1,
    method: 'bank_card',
    recurringConsent: false,
    clientKey: key(),
    ...body,
  });

async function placed(b: Browser, body: Record<string, unknown>) {
  const res = await place(b, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { orderId: string; confirmation: { url: string } };
}

/** Pays (or is declined) on the sandbox's card page, then reads the order as its page would. */
async function pay(
  b: Browser,
  order: { orderId: string; confirmation: { url: string } },
  card = OK_CARD,
) {
  await b.fetch(order.confirmation.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `number=${card}&expiry=12%2F30&cvc=123&action=pay`,
  });
  return (await (await b.fetch(`/billing/orders/${order.orderId}/`)).json()) as { status: string };
}

const refusal = async (res: Response) => ({
  status: res.status,
  ...((await res.json()) as { message: string; details: { reason: string } }),
});

const one = async <T>(q: string, ...values: unknown[]) =>
  (await env.DB.prepare(q)
    .bind(...values)
    .first<T>())!;

const discountCode = (code: string, maxUses: number) =>
  env.DB.prepare(
    `INSERT INTO promo_codes (code, kind, tariff_id, discount_percent, max_uses, valid_from, valid_till, title, button_text)
     VALUES (?, 'promo', 1, 50, ?, 0, 4102444800, 'Скидка 50 %', 'Применить')`,
  )
    .bind(code, maxUses)
    .run();

beforeEach(async () => {
  await resetAccounts();
  await loadCatalogueFixture();
  await loadBillingFixture();
  await env.DB.batch(
    [
      'DELETE FROM sandbox_payments',
      'DELETE FROM outbox_messages',
      'DELETE FROM entitlements',
      // The film «Последнее лето» is rented and sold in HD; the HBO Max series is not.
      'INSERT OR IGNORE INTO title_products (title_id, product_id) VALUES (2, 6), (2, 7)',
    ].map((q) => env.DB.prepare(q)),
  );
});

describe('offers at checkout', () => {
  it('never sells the retention offer at checkout, even to a subscriber', async () => {
    const b = await viewer();
    expect((await pay(b, await placed(b, {}))).status).toBe('succeeded');
    const res = await place(b, { priceId: 2, offer: 'retention' });
    expect(await refusal(res)).toMatchObject({
      status: 422,
      message: expect.stringMatching(
        /^Скидка на\u00a0продление предлагается в\u00a0разделе «Подписка»/,
      ),
      details: { reason: 'offer_not_available' },
    });
    expect(await one<{ n: number }>('SELECT count(*) AS n FROM orders')).toEqual({ n: 1 });
  });

  it('lets one of two new-user orders placed at once take the offer, and gives it back when declined', async () => {
    const b = await viewer();
    const answers = await Promise.all([
      place(b, { offer: 'new_user' }),
      place(b, { offer: 'new_user' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const lost = answers.find((r) => r.status === 422)!;
    expect(await refusal(lost)).toMatchObject({
      message: 'Это предложение вам недоступно',
      details: { reason: 'offer_not_available' },
    });
    expect(
      await one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE offer_id IS NOT NULL'),
    ).toEqual({ n: 1 });

    // The bank declines it: the account never held the tariff, so the offer is theirs again.
    const won = (await answers.find((r) => r.status === 200)!.json()) as {
      orderId: string;
      confirmation: { url: string };
    };
    expect((await pay(b, won, POOR_CARD)).status).toBe('canceled');
    const again = await placed(b, { offer: 'new_user' });
    expect(
      await one<{ amount: number }>('SELECT amount FROM orders WHERE id = ?', again.orderId),
    ).toEqual({
      amount: 100,
    });
  });
});

describe('rentals and purchases of a title', () => {
  it('sells only a title the tariff’s product sells', async () => {
    const b = await viewer();
    // The HBO Max series is sold by HBO Max's subscription only.
    const res = await place(b, { ...BUY_HD, titleId: 1 });
    expect(await refusal(res)).toMatchObject({
      status: 422,
      message: 'Такого фильма или сериала нет',
      details: { reason: 'title_not_found' },
    });
    const basket = await b.post('/billing/basket/add-product/', { ...RENT_HD, titleId: 1 });
    expect(basket.status).toBe(422);
    expect(await one<{ n: number }>('SELECT count(*) AS n FROM orders')).toEqual({ n: 0 });
    const film = await placed(b, { ...BUY_HD, titleId: 2 });
    expect((await pay(b, film)).status).toBe('succeeded');
  });

  it('sells no title a viewer may not see', async () => {
    const b = await viewer();
    await env.DB.prepare('INSERT INTO title_products (title_id, product_id) VALUES (7, 7)').run();
    // «Старая лента» is Paramount+'s, licensed for the CIS only.
    const order = { ...BUY_HD, titleId: 7, method: 'bank_card', recurringConsent: false };
    const abroad = await b.post(
      '/billing/checkout/',
      { ...order, clientKey: key() },
      { 'cf-ipcountry': 'US' },
    );
    expect(await refusal(abroad)).toMatchObject({
      status: 422,
      details: { reason: 'title_not_found' },
    });
    const home = await b.post(
      '/billing/checkout/',
      { ...order, clientKey: key() },
      { 'cf-ipcountry': 'RU' },
    );
    expect(home.status).toBe(200);
  });

  it('refuses to sell or rent again a title already bought for good', async () => {
    const b = await viewer();
    expect((await pay(b, await placed(b, { ...BUY_HD, titleId: 2 }))).status).toBe('succeeded');
    for (const what of [BUY_HD, RENT_HD]) {
      const res = await place(b, { ...what, titleId: 2 });
      expect(await refusal(res)).toMatchObject({
        status: 409,
        message: 'Этот фильм или сериал уже куплен навсегда: смотрите его без\u00a0новой оплаты',
        details: { reason: 'title_owned' },
      });
    }
    expect(await one<{ n: number }>('SELECT count(*) AS n FROM orders')).toEqual({ n: 1 });
  });
});

describe('discount codes at checkout', () => {
  it('gives a one-use code to exactly one of three orders placed at once by two accounts', async () => {
    await discountCode('ONCE', 1);
    const [a, b] = [await viewer(), await viewer()];
    const answers = await Promise.all([
      place(a, { promoCode: 'once' }),
      place(a, { promoCode: 'once' }),
      place(b, { promoCode: 'once' }),
    ]);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) {
      const body = await refusal(r);
      expect(body.status).toBe(422);
      expect(['promo_used_up', 'promo_already_redeemed']).toContain(body.details.reason);
      expect(body.message).toMatch(/[а-я]/);
    }
    const winner = answers.findIndex((r) => r.status === 200);
    const won = (await answers[winner]!.json()) as {
      orderId: string;
      confirmation: { url: string };
    };
    expect(await one('SELECT count(*) AS n, sum(amount) AS amount FROM orders')).toEqual({
      n: 1,
      amount: 29_950,
    });
    expect((await pay(winner < 2 ? a : b, won)).status).toBe('succeeded');
    expect(
      await one(
        "SELECT used, (SELECT count(*) FROM promo_redemptions) AS redeemed FROM promo_codes WHERE code = 'ONCE'",
      ),
    ).toEqual({ used: 1, redeemed: 1 });
  });

  it('gives the use back when the bank declines the order, so the code can be used again', async () => {
    await discountCode('AGAIN', 1);
    const b = await viewer();
    const first = await placed(b, { promoCode: 'AGAIN' });
    // The pending order holds the use (a new order of the same purchase would supersede it).
    expect(await one("SELECT used FROM promo_codes WHERE code = 'AGAIN'")).toEqual({ used: 1 });
    expect((await pay(b, first, POOR_CARD)).status).toBe('canceled');
    expect(await one("SELECT used FROM promo_codes WHERE code = 'AGAIN'")).toEqual({ used: 0 });
    const second = await placed(b, { promoCode: 'AGAIN' });
    expect((await pay(b, second)).status).toBe('succeeded');
    expect(await one("SELECT used FROM promo_codes WHERE code = 'AGAIN'")).toEqual({ used: 1 });
  });

  it('runs out of guesses at codes in the basket as on /activate', async () => {
    const b = await viewer();
    const tries = [];
    for (let i = 0; i < 11; i++)
      tries.push(
        (
          await b.post('/billing/basket/add-product/', {
            tariffId: 1,
            priceId: 1,
            promoCode: `GUESS${i}`,
          })
        ).status,
      );
    expect(tries.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(tries[10]).toBe(429);
    expect((await place(b, { promoCode: 'GUESS11' })).status).toBe(429);
  });
});
