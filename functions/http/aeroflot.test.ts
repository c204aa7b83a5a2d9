import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { KID_MONEY_TEXT } from '../access/index.ts';
import { Browser, recordMessages, resetAccounts, signUp } from '../domains/auth/test-support.ts';
import { freshPaymentsState } from '../domains/billing/test-support.ts';
import { callWithVars } from '../test-helpers.ts';

/**
 * The Aeroflot card over the API (docs/product.md, «Money»): an account attaches, replaces and
 * detaches its Aeroflot Bonus number; bad numbers are refused in Russian and change nothing; a
 * kid profile is refused as on every money path. The local programme (AEROFLOT_PARTNER unset)
 * knows every number but those that start with 0.
 */

let n = 0;
async function viewer() {
  const browser = new Browser();
  await signUp(browser, recordMessages(), `flyer${++n}@example.com`);
  return browser;
}

const card = async (b: Browser) => {
  const res = await b.fetch('/billing/aeroflot-card/');
  expect(res.status).toBe(200);
  return res.json();
};

const stored = async () =>
  (await env.DB.prepare('SELECT number FROM aeroflot_cards ORDER BY number').all()).results;

beforeEach(resetAccounts);

describe('the Aeroflot card', () => {
  it('attaches a number as typed, replaces it and detaches it', async () => {
    const b = await viewer();
    expect(await card(b)).toEqual({ number: null, attached_at: null });
    const attached = await b.post('/billing/aeroflot-card/', { number: ' SU 1234-5678 ' });
    expect(attached.status).toBe(200);
    expect(await attached.json()).toMatchObject({ number: '12345678' });
    expect(await card(b)).toMatchObject({ number: '12345678', attached_at: expect.any(Number) });
    expect((await b.post('/billing/aeroflot-card/', { number: '9876543210' })).status).toBe(200);
    expect(await stored()).toEqual([{ number: '9876543210' }]);
    const detached = await b.fetch('/billing/aeroflot-card/', { method: 'DELETE' });
    expect(detached.status).toBe(200);
    expect(await detached.json()).toEqual({ number: null, attached_at: null });
    const again = await b.fetch('/billing/aeroflot-card/', { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      message: 'Карта «Аэрофлот Бонус» не\u00a0привязана',
      details: { reason: 'aeroflot_card_not_found' },
    });
  });

  it('refuses what is not a member’s number in Russian and keeps the card attached', async () => {
    const b = await viewer();
    await b.post('/billing/aeroflot-card/', { number: '12345678' });
    for (const [number, status, reason] of [
      ['12345', 422, 'invalid_field'],
      ['12345678901', 422, 'invalid_field'],
      ['1234abcd', 422, 'invalid_field'],
      ['01234567', 422, 'aeroflot_member_not_found'],
    ] as const) {
      const res = await b.post('/billing/aeroflot-card/', { number });
      expect(res.status, number).toBe(status);
      const body = (await res.json()) as {
        message: string;
        details: { reason: string; field: string };
      };
      expect(body.details, number).toEqual({ reason, field: 'number' });
      expect(body.message, number).toMatch(/^(Номер участника|Участник) «Аэрофлот Бонус»/);
    }
    expect((await b.post('/billing/aeroflot-card/', {})).status).toBe(422);
    expect(await stored()).toEqual([{ number: '12345678' }]);
  });

  it('refuses a number another account holds', async () => {
    const [a, b] = [await viewer(), await viewer()];
    expect((await a.post('/billing/aeroflot-card/', { number: '55555555' })).status).toBe(200);
    const taken = await b.post('/billing/aeroflot-card/', { number: '5555 5555' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      message: 'Этот номер «Аэрофлот Бонус» уже привязан к\u00a0другому аккаунту',
      details: { reason: 'aeroflot_number_taken' },
    });
    expect(await card(b)).toEqual({ number: null, attached_at: null });
  });

  it('answers a guest 401 and a kid profile the money refusal', async () => {
    expect((await new Browser().fetch('/billing/aeroflot-card/')).status).toBe(401);
    const b = await viewer();
    await b.post('/billing/aeroflot-card/', { number: '12345678' });
    const created = await b.post('/auth/users/', { name: 'Миша', isKid: true });
    const { id } = (await created.json()) as { id: number };
    expect((await b.post('/auth/users/switch/', { userId: id })).status).toBe(200);
    const refusal = { message: KID_MONEY_TEXT, details: { reason: 'kid_profile' } };
    for (const res of [
      await b.fetch('/billing/aeroflot-card/'),
      await b.post('/billing/aeroflot-card/', { number: '87654321' }),
      await b.fetch('/billing/aeroflot-card/', { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(refusal);
    }
    expect(await stored()).toEqual([{ number: '12345678' }]);
  });

  it('needs the partner’s API key in production: without it the envelope’s 503, nothing kept', async () => {
    const b = await viewer();
    const attach = (vars: Record<string, string>) =>
      callWithVars(vars, '/billing/aeroflot-card', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: b.header(),
          'cf-connecting-ip': b.ip,
        },
        body: JSON.stringify({ number: '12345678' }),
      });
    // Production without the partner's key: the envelope's 503, nothing kept.
    const unset = await attach({
      ENVIRONMENT: 'production',
      DEV_ROUTES: 'false',
      SITE_ORIGIN: 'https://example.test',
    });
    expect(unset.status).toBe(503);
    expect(((await unset.json()) as { details: { reason: string } }).details.reason).toBe(
      'not_configured',
    );
    expect(await stored()).toEqual([]);
  });
});

describe('miles for payments', () => {
  beforeEach(freshPaymentsState);

  /** A month of the subscription (599 ₽) placed and paid on the sandbox's card page. */
  async function paidMonth(b: Browser) {
    const res = await b.post('/billing/checkout/', {
      tariffId: 1,
      priceId: 1,
      method: 'bank_card',
      recurringConsent: false,
      clientKey: `miles-${Date.now()}-${++n}`,
    });
    expect(res.status).toBe(200);
    const order = (await res.json()) as { orderId: string; confirmation: { url: string } };
    await b.fetch(order.confirmation.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'number=5555555555554477&expiry=12%2F30&cvc=123&action=pay',
    });
    const status = (await (await b.fetch(`/billing/orders/${order.orderId}/`)).json()) as {
      status: string;
    };
    expect(status.status).toBe('succeeded');
    return order.orderId;
  }

  const accruals = async () =>
    (
      await env.DB.prepare(
        'SELECT order_id AS orderId, number, miles FROM aeroflot_accruals ORDER BY created_at',
      ).all()
    ).results;

  it('earns a mile for every full 30 ₽ paid, once per payment, on the card attached when paid', async () => {
    const b = await viewer();
    await b.post('/billing/aeroflot-card/', { number: '12345678' });
    const orderId = await paidMonth(b);
    expect(await accruals()).toEqual([{ orderId, number: '12345678', miles: 19 }]);
    // The acquirer's notification again: no second accrual.
    const { id } = (await env.DB.prepare(
      'SELECT provider_payment_id AS id FROM orders WHERE id = ?',
    )
      .bind(orderId)
      .first<{ id: string }>())!;
    await b.post('/dev/yookassa/api/notify', { paymentId: id });
    expect(await accruals()).toHaveLength(1);
  });

  it('earns nothing for an account without a card', async () => {
    await paidMonth(await viewer());
    expect(await accruals()).toEqual([]);
  });
});
