import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, signUp } from '../domains/auth/test-support.ts';

import { freshPaymentsState } from '../domains/billing/test-support.ts';
import { call } from '../test-helpers.ts';

let n = 0;
const key = () => `api-${Date.now()}-${++n}`;

async function viewer() {
  const browser = new Browser();
  await signUp(browser, recordMessages(), `api${++n}@example.com`);
  return browser;
}

async function payNew(b: Browser, body: Record<string, unknown>, card = '5555555555554477') {
  const placed = (await (
    await b.post('/billing/checkout/', {
      tariffId: 1,
      priceId: 1,
      method: 'bank_card',
      recurringConsent: false,
      clientKey: key(),
      ...body,
    })
  ).json()) as { orderId: string; confirmation: { url: string } };
  await b.fetch(placed.confirmation.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `number=${card}&expiry=12%2F30&cvc=123&action=pay`,
  });
  await b.fetch(`/billing/orders/${placed.orderId}/`);
  return placed.orderId;
}

/** A 50 % discount code on the main subscription, valid until `validTill` (unix seconds). */
const halfPriceCode = (code: string, validTill = 4_102_444_800) =>
  env.DB.prepare(
    `INSERT INTO promo_codes (code, kind, tariff_id, discount_percent, max_uses, valid_from, valid_till, title, button_text)
     VALUES (?, 'promo', 1, 50, 10, 0, ?, 'Скидка 50 %', 'Применить')`,
  )
    .bind(code, validTill)
    .run();

beforeEach(async () => {
  await freshPaymentsState();
});

describe('the billing API of orders and payments', () => {
  it('saves a card only with consent, offers it, and charges it without the card page', async () => {
    const b = await viewer();
    await payNew(b, {});
    let options = (await (await b.fetch('/billing/options/')).json()) as {
      savedMethods: { id: number; title: string }[];
    };
    expect(options.savedMethods).toEqual([]);
    await payNew(b, { recurringConsent: true });
    options = await (await b.fetch('/billing/options/')).json();
    expect(options).toMatchObject({
      provider: 'sandbox',
      methods: ['bank_card', 'sbp', 'saved'],
      savedMethods: [
        {
          title: 'MasterCard •••• 4477',
          label: 'MasterCard •••• 4477',
          cardLast4: '4477',
          expiry: '12/30',
        },
      ],
    });
    const res = await b.post('/billing/checkout/', {
      tariffId: 2,
      priceId: 4,
      method: 'saved',
      paymentMethodId: options.savedMethods[0]!.id,
      recurringConsent: true,
      clientKey: key(),
    });
    expect(await res.json()).toMatchObject({ status: 'succeeded', confirmation: null });
  });

  it('lists the viewer’s payments newest first, a page at a time', async () => {
    const b = await viewer();
    for (let i = 0; i < 3; i++) await payNew(b, {});
    const page = (await (await b.fetch('/billing/visitor-payments/?page_size=2')).json()) as {
      count: number;
      next: string | null;
      results: { amount: number; tariffName: string; methodTitle: string }[];
    };
    expect(page.count).toBe(3);
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('page=2');
    expect(page.results[0]).toMatchObject({ amount: 59_900, methodTitle: 'MasterCard •••• 4477' });
    expect((await new Browser().fetch('/billing/visitor-payments/')).status).toBe(401);
  });

  it('lists a declined order too, with its status, as /payment-history does', async () => {
    const b = await viewer();
    const paid = await payNew(b, {});
    const declined = await payNew(b, {}, '5555555555554592');
    const page = (await (await b.fetch('/billing/visitor-payments/')).json()) as {
      count: number;
      results: { orderId: string; status: string; paidAt: number | null }[];
    };
    expect(page.count).toBe(2);
    expect(page.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId: paid, status: 'succeeded', paidAt: expect.any(Number) }),
        expect.objectContaining({ orderId: declined, status: 'canceled', paidAt: null }),
      ]),
    );
  });

  it('shows a discounted amount with both digits of its kopecks on the acquirer’s page', async () => {
    const b = await viewer();
    await halfPriceCode('HALF');
    const placed = (await (
      await b.post('/billing/checkout/', {
        tariffId: 1,
        priceId: 1,
        method: 'bank_card',
        recurringConsent: false,
        promoCode: 'HALF',
        clientKey: key(),
      })
    ).json()) as { confirmation: { url: string } };
    const page = await (await b.fetch(placed.confirmation.url)).text();
    // 599 ₽ − 50 % = 299,50 ₽: the one money format, never «299,5 ₽».
    expect(page).toContain('299,50\u00a0₽');
    expect(page).not.toMatch(/299,5\s/);
  });

  it('refuses a promo code by the promo codes’ own rule, saying why, and changes nothing', async () => {
    const b = await viewer();
    await halfPriceCode('OLDHALF', 1000);
    const res = await b.post('/billing/checkout/', {
      tariffId: 1,
      priceId: 1,
      method: 'bank_card',
      recurringConsent: false,
      promoCode: 'oldhalf',
      clientKey: key(),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      message: 'Срок действия промокода истёк',
      details: { reason: 'promo_expired', field: 'promo' },
    });
    const orders = await env.DB.prepare(
      "SELECT count(*) AS n FROM orders WHERE promo_code = 'OLDHALF'",
    ).first<{ n: number }>();
    expect(orders?.n).toBe(0);
  });

  it('refuses a discount code together with a named offer, saying why, and makes no order', async () => {
    const b = await viewer();
    await halfPriceCode('HALFOFFER');
    const order = (extra: Record<string, unknown>) =>
      b.post('/billing/checkout/', {
        tariffId: 1,
        priceId: 1,
        method: 'bank_card',
        recurringConsent: false,
        offer: 'offer2',
        clientKey: key(),
        ...extra,
      });
    const both = await order({ promoCode: 'HALFOFFER' });
    expect(both.status).toBe(422);
    expect(await both.json()).toMatchObject({
      message: expect.stringMatching(/^Промокод не действует вместе со специальным предложением/),
      details: { reason: 'promo_with_offer', field: 'promo' },
    });
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM orders WHERE promo_code = 'HALFOFFER'",
    ).first<{ n: number }>();
    expect(rows?.n).toBe(0);
    // Each alone is still sold: the offer at its own first price, the code off the list price.
    expect((await order({})).status).toBe(200);
  });

  it('prices a basket on the server, with a discount promo code', async () => {
    const b = await viewer();
    await halfPriceCode('HALF');
    const res = await b.post('/billing/basket/add-product/', {
      tariffId: 1,
      priceId: 2,
      promoCode: 'half',
      amount: 1,
    });
    expect(await res.json()).toMatchObject({
      amount: 74_950,
      listPrice: 149_900,
      days: 90,
      promo: { code: 'HALF', discountPercent: 50 },
      description: 'Подписка «Амедиатека» на 3 месяца',
    });
    const orderId = await payNew(b, { priceId: 2, promoCode: 'HALF' });
    const row = await env.DB.prepare(
      `SELECT o.amount, c.used, (SELECT count(*) FROM promo_redemptions) AS redeemed
       FROM orders o, promo_codes c WHERE o.id = ? AND c.code = 'HALF'`,
    )
      .bind(orderId)
      .first();
    expect(row).toEqual({ amount: 74_950, used: 1, redeemed: 1 });
    const again = await b.post('/billing/basket/add-product/', {
      tariffId: 1,
      priceId: 1,
      promoCode: 'HALF',
    });
    expect(again.status).toBe(422);
  });

  it('a paid gift leaves a token for the recipient and no right for the buyer', async () => {
    const b = await viewer();
    const orderId = await payNew(b, { giftEmail: 'Friend@Example.com', recurringConsent: true });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM entitlements').first()).toEqual({
      n: 0,
    });
    const gift = await env.DB.prepare(
      'SELECT token_hash AS hash, recipient_email AS email FROM gifts WHERE order_id = ?',
    )
      .bind(orderId)
      .first<{ hash: string; email: string }>();
    expect(gift!.email).toBe('friend@example.com');
    const mail = await env.DB.prepare(
      "SELECT body_text AS text FROM outbox_messages WHERE purpose = 'gift_received'",
    ).first<{ text: string }>();
    const token = /giftToken=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
    const hex = [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, '0')).join('');
    expect(gift!.hash).toBe(hex);
  });

  it('sends a pending card order back to the acquirer’s page, and refuses a finished one', async () => {
    const b = await viewer();
    const placed = (await (
      await b.post('/billing/checkout/', {
        tariffId: 1,
        priceId: 1,
        method: 'bank_card',
        recurringConsent: false,
        clientKey: key(),
      })
    ).json()) as { orderId: string; confirmation: { url: string } };
    const pending = await b.post('/billing/bankcard-payment/', { orderId: placed.orderId });
    expect(await pending.json()).toMatchObject({
      status: 'pending',
      confirmation: { type: 'redirect', url: placed.confirmation.url },
    });
    const paid = await payNew(b, {});
    expect((await b.post('/billing/bankcard-payment/', { orderId: paid })).status).toBe(409);
  });

  it('takes the acquirer’s notifications without a browser’s Origin, but not checkout', async () => {
    const notification = await call('/billing/notifications/yookassa/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: 'x' },
      }),
    });
    expect(notification.status).toBe(200);
    const checkout = await call('/billing/checkout/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(checkout.status).toBe(403);
  });
});

describe('a kid profile and the account’s money', () => {
  it('buys nothing with the account’s saved card, redeems no code and takes no free days: 403 kid_profile, nothing written', async () => {
    const b = await viewer();
    await payNew(b, { recurringConsent: true });
    const options = (await (await b.fetch('/billing/options/')).json()) as {
      savedMethods: { id: number }[];
    };
    const card = options.savedMethods[0]!.id;
    const created = await b.post('/auth/users/', { name: 'Миша', isKid: true });
    const { id } = (await created.json()) as { id: number };
    expect((await b.post('/auth/users/switch/', { userId: id })).status).toBe(200);
    const orders = () => env.DB.prepare('SELECT count(*) AS n FROM orders').first<{ n: number }>();
    const before = await orders();
    for (const [path, body] of [
      [
        '/billing/checkout/',
        {
          tariffId: 1,
          priceId: 1,
          method: 'saved',
          paymentMethodId: card,
          recurringConsent: true,
          clientKey: key(),
        },
      ],
      ['/billing/vouchers/apply', { code: 'HALFPRICE' }],
      ['/billing/free-days/', {}],
    ] as const) {
      const res = await b.post(path, body);
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject({
        message: expect.stringMatching(/взрослом профиле/),
        details: { reason: 'kid_profile' },
      });
    }
    expect(await orders()).toEqual(before);
  });
});
