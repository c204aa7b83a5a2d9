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
 * knows every number but those that start with 0, held by a member who answers to any Latin
 * surname but WRONG.
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
    const attached = await b.post('/billing/aeroflot-card/', {
      number: ' SU 1234-5678 ',
      surname: 'Ivanova',
    });
    expect(attached.status).toBe(200);
    expect(await attached.json()).toMatchObject({ number: '12345678' });
    expect(await card(b)).toMatchObject({ number: '12345678', attached_at: expect.any(Number) });
    expect(
      (await b.post('/billing/aeroflot-card/', { number: '9876543210', surname: 'Ivanova' }))
        .status,
    ).toBe(200);
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
    await b.post('/billing/aeroflot-card/', { number: '12345678', surname: 'Ivanova' });
    for (const [number, status, reason] of [
      ['12345', 422, 'invalid_field'],
      ['12345678901', 422, 'invalid_field'],
      ['1234abcd', 422, 'invalid_field'],
      ['01234567', 422, 'aeroflot_member_not_found'],
    ] as const) {
      const res = await b.post('/billing/aeroflot-card/', { number, surname: 'Ivanova' });
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

  it('refuses a surname not in Latin letters, naming the field, and keeps the card attached', async () => {
    const b = await viewer();
    await b.post('/billing/aeroflot-card/', { number: '12345678', surname: 'Ivanova' });
    for (const surname of ['', '   ', 'Иванова', 'O1']) {
      const res = await b.post('/billing/aeroflot-card/', { number: '87654321', surname });
      expect(res.status, surname).toBe(422);
      expect(await res.json(), surname).toEqual({
        message: 'Фамилия участника «Аэрофлот Бонус»\u00a0— латинскими буквами, как на\u00a0карте',
        details: { reason: 'invalid_field', field: 'surname' },
      });
    }
    expect((await b.post('/billing/aeroflot-card/', { number: '87654321' })).status).toBe(422);
    expect(await stored()).toEqual([{ number: '12345678' }]);
  });

  it('answers an unknown number, a wrong surname and another account’s number with a wrong surname alike', async () => {
    const [a, b] = [await viewer(), await viewer()];
    const attached = await a.post('/billing/aeroflot-card/', {
      number: '55555555',
      surname: " o'neil-smith ",
    });
    expect(attached.status).toBe(200);
    const answers = [];
    for (const body of [
      { number: '05555555', surname: 'Ivanova' },
      { number: '44444444', surname: 'Wrong' },
      { number: '55555555', surname: 'wrong' },
    ]) {
      const res = await b.post('/billing/aeroflot-card/', body);
      answers.push({ status: res.status, body: await res.json() });
    }
    const unknown = {
      status: 422,
      body: {
        message:
          'Участник «Аэрофлот Бонус» с\u00a0таким номером и\u00a0фамилией не\u00a0найден. Проверьте номер и\u00a0фамилию',
        details: { reason: 'aeroflot_member_not_found', field: 'number' },
      },
    };
    expect(answers).toEqual([unknown, unknown, unknown]);
    expect(await card(b)).toEqual({ number: null, attached_at: null });
    expect(await card(a)).toMatchObject({ number: '55555555' });
  });

  it('refuses a number another account holds only once the surname matched', async () => {
    const [a, b] = [await viewer(), await viewer()];
    expect(
      (await a.post('/billing/aeroflot-card/', { number: '55555555', surname: 'Ivanova' })).status,
    ).toBe(200);
    const taken = await b.post('/billing/aeroflot-card/', {
      number: '5555 5555',
      surname: 'Ivanova',
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      message:
        'Этот номер «Аэрофлот Бонус» уже привязан к\u00a0другому аккаунту. Если это ваша карта, напишите в\u00a0поддержку',
      details: { reason: 'aeroflot_number_taken' },
    });
    expect(await card(b)).toEqual({ number: null, attached_at: null });
  });

  it('allows ten attempts in ten minutes per account, then a Russian 429 with Retry-After, nothing kept', async () => {
    const b = await viewer();
    for (let i = 0; i < 10; i++) {
      const res = await b.post('/billing/aeroflot-card/', {
        number: `0000000${i}`,
        surname: 'Ivanova',
      });
      expect(res.status, String(i)).toBe(422);
    }
    const refused = await b.post('/billing/aeroflot-card/', {
      number: '12345678',
      surname: 'Ivanova',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { message: string; details: { reason: string } };
    expect(body.details.reason).toBe('rate_limited');
    expect(body.message).toMatch(/^Слишком много запросов. Повторите через \d+ (минут|секунд)/);
    expect(await stored()).toEqual([]);
  });

  it('answers a guest 401 and a kid profile the money refusal', async () => {
    expect((await new Browser().fetch('/billing/aeroflot-card/')).status).toBe(401);
    const b = await viewer();
    await b.post('/billing/aeroflot-card/', { number: '12345678', surname: 'Ivanova' });
    const created = await b.post('/auth/users/', { name: 'Миша', isKid: true });
    const { id } = (await created.json()) as { id: number };
    expect((await b.post('/auth/users/switch/', { userId: id })).status).toBe(200);
    const refusal = { message: KID_MONEY_TEXT, details: { reason: 'kid_profile' } };
    for (const res of [
      await b.fetch('/billing/aeroflot-card/'),
      await b.post('/billing/aeroflot-card/', { number: '87654321', surname: 'Ivanova' }),
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
        body: JSON.stringify({ number: '12345678', surname: 'Ivanova' }),
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
    await b.post('/billing/aeroflot-card/', { number: '12345678', surname: 'Ivanova' });
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
