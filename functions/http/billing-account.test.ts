import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { KID_MONEY_TEXT } from '../access/index.ts';
import { priceOffers } from '../db/seed/billing.ts';
import { Browser, recordMessages, resetAccounts, signUp } from '../domains/auth/test-support.ts';
import { givenSubscription, storedSubscription } from '../domains/billing/account-test-support.ts';
import { loadBillingFixture } from '../domains/billing/test-fixtures.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';

/** The retention offer's price for its period, as the price list has it. */
const RETENTION_PRICE = priceOffers.find(
  (o) => o.price_id === 1 && o.name === 'retention',
)!.first_price;

/**
 * The viewer's subscriptions over the API: renewal off and on, the retention offer on cancelling
 * (offered and taken once per subscription), and another account's subscription left alone.
 */

interface Sub {
  id: number;
  is_renew: boolean;
  can_renew: boolean;
  retention_offer: boolean;
  renewal_offer: string | null;
  renewal_text: string;
  paid_up_to: string;
  card: { label: string; removed: boolean } | null;
}

let messages: ReturnType<typeof recordMessages>;

async function viewer(email: string, ip = '203.0.113.71') {
  const browser = new Browser(ip);
  const { accountId } = await signUp(browser, messages, email);
  return { browser, accountId };
}

const patch = (b: Browser, id: number, body: unknown) =>
  b.fetch(`/billing/subscriptions/${id}/`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeEach(async () => {
  messages = recordMessages();
  await resetAccounts();
  await loadCatalogueFixture();
  await loadBillingFixture();
});

describe('renewal', () => {
  it('turns off and back on, and says when the subscription is paid up to and with which card it renews', async () => {
    const { browser, accountId } = await viewer('podpischik@example.ru');
    const { subscriptionId } = await givenSubscription(accountId);
    const first = await browser.fetch(`/billing/subscriptions/${subscriptionId}/`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const shown = (await first.json()) as Sub;
    expect(shown).toMatchObject({
      is_renew: true,
      card: { label: 'Visa •••• 4242', removed: false },
    });
    expect(shown.paid_up_to).toMatch(/^до\s\d{1,2} [а-я]+ \d{4}$/);
    expect(shown.renewal_text).toMatch(/Visa •••• 4242/);

    const off = await patch(browser, subscriptionId, { is_renew: false });
    expect(off.status).toBe(200);
    expect(((await off.json()) as Sub).is_renew).toBe(false);
    expect((await storedSubscription(subscriptionId))!.isRenew).toBe(0);
    // Turning it off without the offer does not spend it.
    expect((await storedSubscription(subscriptionId))!.retentionOfferAt).toBeNull();

    const on = await patch(browser, subscriptionId, { is_renew: true });
    expect(on.status).toBe(200);
    expect(((await on.json()) as Sub).is_renew).toBe(true);
    expect((await storedSubscription(subscriptionId))!.isRenew).toBe(1);
  });

  it('cannot be turned on without a saved card', async () => {
    const { browser, accountId } = await viewer('bez-karty@example.ru');
    const { subscriptionId } = await givenSubscription(accountId, { card: false });
    const res = await patch(browser, subscriptionId, { is_renew: true });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ details: { reason: 'payment_method_required' } });
    expect((await storedSubscription(subscriptionId))!.isRenew).toBe(0);
  });

  it('refuses a bad body with 422, a guest with 401, and another account’s subscription with 404', async () => {
    const owner = await viewer('vladelec@example.ru');
    const other = await viewer('chuzhoy@example.ru', '203.0.113.72');
    const { subscriptionId } = await givenSubscription(owner.accountId);
    expect((await patch(owner.browser, subscriptionId, { is_renew: 'no' })).status).toBe(422);
    expect((await patch(new Browser(), subscriptionId, { is_renew: false })).status).toBe(401);
    const res = await patch(other.browser, subscriptionId, { is_renew: false });
    expect(res.status).toBe(404);
    expect((await storedSubscription(subscriptionId))!.isRenew).toBe(1);
  });
});

describe('cancelling with the retention offer', () => {
  it('offers the retention paywall first and changes nothing until the viewer answers', async () => {
    const { browser, accountId } = await viewer('uhozhu@example.ru');
    const { subscriptionId } = await givenSubscription(accountId);
    const res = await browser.post(`/billing/subscriptions/${subscriptionId}/cancel/`, {});
    expect(res.status).toBe(202);
    const { retention } = (await res.json()) as {
      retention: {
        paywall_slug: string;
        apply_button: string;
        cancel_button: string;
        offer: { first_price: number };
      };
    };
    expect(retention).toMatchObject({
      paywall_slug: 'retention',
      apply_button: 'Получить скидку',
      cancel_button: 'Отказаться от скидки',
      offer: { first_price: RETENTION_PRICE },
    });
    expect((await storedSubscription(subscriptionId))!.isRenew).toBe(1);
  });

  it('takes the offer once: the next renewals charge the retention price, and renewal stays on', async () => {
    const { browser, accountId } = await viewer('ostayus@example.ru');
    const { subscriptionId } = await givenSubscription(accountId);
    await patch(browser, subscriptionId, { is_renew: false });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        browser.post('/billing/apply-retention-offer/', { subscription_id: subscriptionId }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const stored = await storedSubscription(subscriptionId);
    expect(stored).toMatchObject({ isRenew: 1, renewalOfferId: 2 });
    expect(stored!.retentionOfferAt).not.toBeNull();
    const again = await browser.post('/billing/apply-retention-offer/', {
      subscription_id: subscriptionId,
    });
    expect(await again.json()).toMatchObject({ details: { reason: 'retention_offer_used' } });
    // Cancelling later turns renewal off at once: the offer is not offered twice.
    const cancel = await browser.post(`/billing/subscriptions/${subscriptionId}/cancel/`, {});
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { subscription: Sub }).subscription.is_renew).toBe(false);
  });

  it('declining the offer turns renewal off and spends the offer', async () => {
    const { browser, accountId } = await viewer('otkaz@example.ru');
    const { subscriptionId } = await givenSubscription(accountId);
    const res = await browser.post(`/billing/subscriptions/${subscriptionId}/cancel/`, {
      decline_offer: true,
    });
    expect(res.status).toBe(200);
    const { subscription } = (await res.json()) as { subscription: Sub };
    expect(subscription).toMatchObject({ is_renew: false, retention_offer: false });
    const stored = await storedSubscription(subscriptionId);
    expect(stored!.isRenew).toBe(0);
    expect(stored!.retentionOfferAt).not.toBeNull();
    await patch(browser, subscriptionId, { is_renew: true });
    expect(
      (await browser.post(`/billing/subscriptions/${subscriptionId}/cancel/`, {})).status,
    ).toBe(200);
  });

  it('offers a partner’s subscriber the offer on their own price, on the paywall narrowed to their subscription', async () => {
    const { browser, accountId } = await viewer('hbo@example.ru');
    await givenSubscription(accountId);
    const { subscriptionId } = await givenSubscription(accountId, {
      tariffId: 2,
      priceId: 4,
      productId: 2,
    });
    const hboOffer = priceOffers.find((o) => o.price_id === 4 && o.name === 'retention')!;
    const res = await browser.post(`/billing/subscriptions/${subscriptionId}/cancel/`, {});
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({
      retention: {
        subscription_id: subscriptionId,
        paywall_slug: 'retention',
        offer: { first_price: hboOffer.first_price, first_period_days: 90 },
      },
    });
    const paywall = await browser.fetch(
      `/billing/customer-retention/paywall/retention?subscriptionId=${subscriptionId}`,
    );
    expect(paywall.status).toBe(200);
    const body = (await paywall.json()) as {
      tariffs: { id: number }[];
      offer: { price_id: number; first_price: number };
      subscription: { id: number };
      eligible: boolean;
    };
    expect(body.tariffs.map((x) => x.id)).toEqual([2]);
    expect(body).toMatchObject({
      offer: { price_id: 4, first_price: hboOffer.first_price },
      subscription: { id: subscriptionId, tariff_id: 2 },
      eligible: true,
    });
    const taken = await browser.post('/billing/apply-retention-offer/', {
      subscription_id: subscriptionId,
    });
    expect(taken.status).toBe(200);
    expect(await storedSubscription(subscriptionId)).toMatchObject({ renewalOfferId: hboOffer.id });
    const answered = await browser.fetch(
      `/billing/customer-retention/paywall/retention?subscriptionId=${subscriptionId}`,
    );
    expect(((await answered.json()) as { eligible: boolean }).eligible).toBe(false);
    const other = await viewer('ne-moya@example.ru', '203.0.113.74');
    const foreign = await other.browser.fetch(
      `/billing/customer-retention/paywall/retention?subscriptionId=${subscriptionId}`,
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ details: { reason: 'subscription_not_found' } });
  });

  it('has no offer for a tariff without one (the legacy tariff): cancelling turns renewal off at once', async () => {
    const { browser, accountId } = await viewer('arhiv@example.ru');
    const { subscriptionId } = await givenSubscription(accountId, {
      tariffId: 9,
      priceId: 12,
      productId: 1,
    });
    const res = await browser.post(`/billing/subscriptions/${subscriptionId}/cancel/`, {});
    expect(res.status).toBe(200);
    const apply = await browser.post('/billing/apply-retention-offer/', {
      subscription_id: subscriptionId,
    });
    expect(apply.status).toBe(409);
    expect(await apply.json()).toMatchObject({
      details: { reason: 'retention_offer_unavailable' },
    });
  });
});

describe('saved cards and receipts', () => {
  it('removing a card stops the subscriptions that renew with it, and says so', async () => {
    const { browser, accountId } = await viewer('karta@example.ru');
    const { subscriptionId, cardId } = await givenSubscription(accountId);
    const other = await viewer('drugoy@example.ru', '203.0.113.73');
    expect(
      (await other.browser.fetch(`/billing/payment-methods/${cardId}/`, { method: 'DELETE' }))
        .status,
    ).toBe(404);

    const res = await browser.fetch(`/billing/payment-methods/${cardId}/`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: cardId,
      stopped_renewing: [{ id: subscriptionId, tariff: 'Амедиатека' }],
    });
    const sub = (await (
      await browser.fetch(`/billing/subscriptions/${subscriptionId}/`)
    ).json()) as Sub;
    expect(sub).toMatchObject({ is_renew: false, can_renew: false, card: { removed: true } });
    expect(sub.renewal_text).toMatch(/Карта удалена/);
    expect((await patch(browser, subscriptionId, { is_renew: true })).status).toBe(409);
    expect(
      (await browser.fetch(`/billing/payment-methods/${cardId}/`, { method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('lists the viewer’s receipts with every field, and no one else’s', async () => {
    const { browser, accountId } = await viewer('chek@example.ru');
    const other = await viewer('ne-moy-chek@example.ru', '203.0.113.74');
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, amount, method, status, provider, created_at, updated_at, paid_at)
         VALUES ('o-receipt', ?, 'purchase', 1, 1, 59900, 'bank_card', 'succeeded', 'sandbox', 1, 1, 1)`,
      ).bind(accountId),
      env.DB.prepare(
        `INSERT INTO receipts (id, order_id, account_id, customer_contact, body, total, fiscal_storage, fiscal_document, fiscal_sign, created_at)
         VALUES ('r-1', 'o-receipt', ?, 'chek@example.ru', ?, 59900, '7380440700000001', '1001', '3000007919', 1)`,
      ).bind(accountId, JSON.stringify({ seller: { inn: '7700000000' }, total: 59_900 })),
    ]);
    const list = await browser.fetch('/billing/receipts/');
    expect(await list.json()).toMatchObject({
      results: [{ id: 'r-1', body: { seller: { inn: '7700000000' } }, fiscal_sign: '3000007919' }],
    });
    expect((await browser.fetch('/billing/receipts/r-1/')).status).toBe(200);
    expect((await other.browser.fetch('/billing/receipts/r-1/')).status).toBe(404);
    expect(await (await other.browser.fetch('/billing/receipts/')).json()).toEqual({ results: [] });
  });
});

describe('a kid profile and the account’s receipts and partner products', () => {
  it('the adult reads the receipts and starts a partner’s purchase; a kid profile is refused both like a purchase', async () => {
    const { browser, accountId } = await viewer('semya@example.ru');
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, amount, method, status, provider, created_at, updated_at, paid_at)
         VALUES ('o-family', ?, 'purchase', 1, 1, 59900, 'bank_card', 'succeeded', 'sandbox', 1, 1, 1)`,
      ).bind(accountId),
      env.DB.prepare(
        `INSERT INTO receipts (id, order_id, account_id, customer_contact, body, total, created_at)
         VALUES ('r-family', 'o-family', ?, 'semya@example.ru', '{}', 59900, 1)`,
      ).bind(accountId),
    ]);
    const activate = () => browser.post('/billing/partner/activation/', { partner: 'hbo-max' });
    const adultList = await browser.fetch('/billing/receipts/');
    expect(adultList.status).toBe(200);
    expect(await adultList.json()).toMatchObject({
      results: [{ id: 'r-family', customer_contact: 'semya@example.ru' }],
    });
    expect((await browser.fetch('/billing/receipts/r-family/')).status).toBe(200);
    const adultActivation = await activate();
    expect(adultActivation.status).toBe(200);
    expect(await adultActivation.json()).toMatchObject({ activated: false, tariff_id: 2 });

    const created = await browser.post('/auth/users/', { name: 'Миша', isKid: true });
    const { id } = (await created.json()) as { id: number };
    expect((await browser.post('/auth/users/switch/', { userId: id })).status).toBe(200);
    // The same refusal as a kid's checkout (billing-orders.test.ts): one rule, one text.
    const refusal = { message: KID_MONEY_TEXT, details: { reason: 'kid_profile' } };
    for (const [route, res] of [
      ['receipts', await browser.fetch('/billing/receipts/')],
      ['receipt', await browser.fetch('/billing/receipts/r-family/')],
      ['partner activation', await activate()],
    ] as const) {
      expect(res.status, route).toBe(403);
      expect(res.headers.getSetCookie().join('\n'), route).not.toMatch(/tariffId|isHBO/);
      const body = await res.text();
      expect(JSON.parse(body), route).toEqual(refusal);
      expect(body, route).not.toContain('semya@example.ru');
    }
  });
});
