import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test-helpers.ts';
import { freshPaymentsState } from '../billing/test-support.ts';
import { resetAll, signedUp } from '../parental/test-support.ts';
import { putFixtureMedia } from '../playback/test-fixtures.ts';

/**
 * A request is the profile its session has now, not the one its access token was issued for: a
 * token kept from before a profile switch is answered as the session's current profile. Fixture:
 * title 3 is an 18+ film of product 1; tariff 1 (price 1) is on sale.
 */

const now = () => Math.floor(Date.now() / 1000);
const IP = '203.0.113.41';
let n = 0;

/** A call by whoever kept `token` (another tab, a copied token): the Bearer header, no cookies. */
function holding(token: string, path: string, body?: unknown): Promise<Response> {
  return call(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'cf-connecting-ip': IP,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const checkout = (token: string) =>
  holding(token, '/billing/checkout/', {
    tariffId: 1,
    priceId: 1,
    method: 'bank_card',
    recurringConsent: false,
    clientKey: `switched-${Date.now()}-${++n}`,
  });
const watchAdultFilm = (token: string) => holding(token, '/cms/content_experience/watches/3/');

const reasonOf = async (res: Response) =>
  ((await res.json()) as { details?: { reason?: string } }).details?.reason;
const orders = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM orders').first<{ n: number }>())!.n;
const sessionProfile = async () =>
  (await env.DB.prepare('SELECT user_id AS u FROM sessions').first<{ u: number }>())!.u;

/** An account with product 1's subscription, signed in on one browser; its adult token. */
async function family() {
  const signed = await signedUp('semya@example.ru', IP);
  await env.DB.prepare(
    "INSERT INTO entitlements (account_id, product_id, kind, granted_at, expires_at) VALUES (?, 1, 'subscription', ?, ?)",
  )
    .bind(signed.accountId, now() - 60, now() + 30 * 86_400)
    .run();
  const adultToken = signed.browser.cookies.get('token')!;
  const adultId = await sessionProfile();
  const created = await signed.browser.post('/auth/users/', { name: 'Маша', isKid: true });
  const kidId = ((await created.json()) as { id: number }).id;
  return { ...signed, adultToken, adultId, kidId };
}

async function switchTo(token: string, userId: number, pin?: string) {
  const res = await holding(token, '/auth/users/switch/', { userId, ...(pin ? { pin } : {}) });
  return { status: res.status, body: (await res.json()) as { token: string } };
}

beforeEach(async () => {
  await resetAll();
  await freshPaymentsState();
  await putFixtureMedia();
});

describe('a token kept from before a profile switch', () => {
  it('an adult token kept after the switch to a kid profile buys nothing and plays no 18+ film, as the kid token', async () => {
    const { adultToken, kidId } = await family();
    // Before the switch the adult token plays the 18+ film.
    expect((await watchAdultFilm(adultToken)).status).toBe(200);
    const switched = await switchTo(adultToken, kidId);
    expect(switched.status).toBe(200);
    expect(await sessionProfile()).toBe(kidId);
    const before = await orders();
    for (const token of [adultToken, switched.body.token]) {
      const bought = await checkout(token);
      expect(bought.status).toBe(403);
      expect(await bought.json()).toEqual({
        message: expect.stringMatching(
          /^Покупки, подписки и\sподарки доступны только во\sвзрослом\sпрофиле$/,
        ),
        details: { reason: 'kid_profile' },
      });
      const watched = await watchAdultFilm(token);
      expect([watched.status, await reasonOf(watched)]).toEqual([403, 'kid_profile']);
      const partner = await holding(token, '/billing/partner/activation/', { partner: 'hbo-max' });
      expect([partner.status, await reasonOf(partner)]).toEqual([403, 'kid_profile']);
    }
    expect(await orders()).toBe(before);
  });

  it('back to the adult profile needs the parental PIN even with the adult token; then either token buys as the adult', async () => {
    const { adultToken, adultId, kidId, send } = await family();
    expect((await send('POST', '/pin-code/set', { pin: '2580' })).status).toBe(201);
    const kid = await switchTo(adultToken, kidId);
    expect(kid.status).toBe(200);
    const refused = await holding(adultToken, '/auth/users/switch/', { userId: adultId });
    expect([refused.status, await reasonOf(refused)]).toEqual([403, 'pin_required']);
    expect(await sessionProfile()).toBe(kidId);
    const adult = await switchTo(kid.body.token, adultId, '2580');
    expect(adult.status).toBe(200);
    expect(await sessionProfile()).toBe(adultId);
    for (const token of [adult.body.token, kid.body.token]) {
      const bought = await checkout(token);
      expect(bought.status, await bought.clone().text()).toBe(200);
      expect(await bought.json()).toMatchObject({ orderId: expect.any(String) });
    }
  });
});
