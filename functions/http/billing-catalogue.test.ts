import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceOffers } from '../db/seed/billing.ts';
import { loadBillingFixture } from '../domains/billing/test-fixtures.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { grantStatements } from '../domains/grants/index.ts';
import { resetAll, signedUp } from '../domains/parental/test-support.ts';
import { call, fromEdgeCache, RETURNING } from '../test-helpers.ts';

/** The retention offer's price for its period, as the price list has it. */
const RETENTION_PRICE = priceOffers.find(
  (o) => o.price_id === 1 && o.name === 'retention',
)!.first_price;

/**
 * The storefront API. Fixture: tariffs 1 Амедиатека (30/90/365 days, offers on the month), 2 HBO
 * Max, 4 Кино1ТВ, 5 DAZN, 6 rental, 7 HD and 8 4K purchases, 9 the legacy tariff (not sold). Film
 * 2 is in Амедиатека and (here) can be rented and bought in HD; film 4 is in Амедиатека only.
 */

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const json = async (res: Response) => (await res.json()) as any;
const ids = (tariffs: { id: number }[]) => tariffs.map((t) => t.id);

beforeAll(async () => {
  await loadCatalogueFixture();
  await loadBillingFixture();
  await env.DB.prepare(
    'INSERT OR IGNORE INTO title_products (title_id, product_id) VALUES (2, 6), (2, 7)',
  ).run();
});

describe('the billing list', () => {
  it('lists the subscriptions on sale with their periods, prices without VAT and offers, not the legacy tariff', async () => {
    // A returning browser: a first visit sets the device cookie, which no shared cache may keep.
    const res = await call('/billing/tariffs/?buy_type=SVOD', { headers: RETURNING });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, .*s-maxage=/);
    const body = await json(res);
    expect(ids(body.results)).toEqual([1, 2, 4, 5]);
    const main = body.results[0];
    expect(main).toMatchObject({ buy_type: 'SVOD', paywall_slug: 'default', is_hbo: false });
    expect(main.prices.map((p: any) => [p.period_duration, p.price])).toEqual([
      [30, 59_900],
      [90, 149_900],
      [365, 499_000],
    ]);
    expect(main.prices[0].excl_tax).toBe(Math.round(59_900 / 1.22));
    expect(main.prices[0].offers.map((o: any) => o.name)).toEqual([
      'new_user',
      'retention',
      'offer2',
      'free_days',
    ]);
  });

  it('is shared at the edge like CMS answers, while what is the viewer’s own never is', async () => {
    const path = '/billing/tariffs/?buy_type=EST';
    expect((await call(path, { headers: RETURNING })).headers.get('x-edge-cache')).toBe('MISS');
    const shared = await fromEdgeCache(path, () => call(path, { headers: RETURNING }));
    expect(shared.headers.get('x-edge-cache')).toBe('HIT');
    const own = await call('/billing/visitor/access/2/', { headers: RETURNING });
    expect(own.headers.get('x-edge-cache')).toBeNull();
    expect(own.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps only the partner channel when its id is given, with the paywall to open', async () => {
    const body = await json(await call('/billing/tariffs/?buy_type=SVOD&ids=2'));
    expect(ids(body.results)).toEqual([2]);
    expect(body.results[0]).toMatchObject({ paywall_slug: 'hbo-max', is_hbo: true });
  });

  it('lists rentals with their window and purchases by buy type', async () => {
    const tvod = await json(await call('/billing/tariffs/?buy_type=TVOD'));
    expect(tvod.results.map((t: any) => [t.id, t.rental])).toEqual([
      [6, { start_seconds: 30 * DAY, window_seconds: 2 * DAY }],
    ]);
    expect(ids((await json(await call('/billing/tariffs/?buy_type=EST'))).results)).toEqual([7, 8]);
  });

  it('refuses an unknown buy type or a malformed id list with a 422 in Russian', async () => {
    for (const q of ['buy_type=AVOD', 'ids=2;DROP', 'ids=']) {
      const res = await call(`/billing/tariffs/?${q}`);
      expect(res.status, q).toBe(422);
      const body = await json(res);
      expect(body.details.reason).toBe('invalid_query');
      expect(body.message).toMatch(/[а-я]/);
    }
  });

  it('answers one tariff, and 404 for the legacy tariff that is no longer sold', async () => {
    expect((await json(await call('/billing/tariffs/2/'))).name).toBe('HBO Max');
    const legacy = await call('/billing/tariffs/9/');
    expect(legacy.status).toBe(404);
    expect((await json(legacy)).details.reason).toBe('tariff_not_found');
  });
});

describe('paywalls', () => {
  it('answers a paywall by slug with its tariffs and its offer', async () => {
    const body = await json(await call('/billing/paywall/new-user/'));
    expect(ids(body.tariffs)).toEqual([1]);
    expect(body.offer).toMatchObject({
      name: 'new_user',
      first_price: 100,
      first_period_days: 30,
      tariff_id: 1,
      price_id: 1,
    });
    expect(body.offer.title).toMatch(/Первый\sмесяц\sза\s1\s₽/u);
    expect((await json(await call('/billing/paywall/hbo-max/'))).params).toEqual({ isHBO: true });
  });

  it('sells a film its rental, its HD purchase (the only one it is linked to) and its subscription', async () => {
    const body = await json(await call('/billing/paywall/film/?contentId=2'));
    expect(body.content).toEqual({ id: 2, name: 'Последнее лето' });
    expect(ids(body.tariffs).sort()).toEqual([1, 6, 7]);
    const film4 = await json(await call('/billing/paywall/film/?contentId=4'));
    expect(ids(film4.tariffs)).toEqual([1]);
  });

  it('answers 404 for an unknown paywall, a retention paywall here and an unknown film', async () => {
    for (const [path, reason] of [
      ['/billing/paywall/unknown/', 'paywall_not_found'],
      ['/billing/paywall/retention/', 'paywall_not_found'],
      ['/billing/paywall/film/?contentId=999', 'content_not_found'],
    ]) {
      const res = await call(path!);
      expect(res.status, path).toBe(404);
      expect((await json(res)).details.reason).toBe(reason);
    }
    expect((await call('/billing/paywall/film/?contentId=x')).status).toBe(422);
  });
});

describe('what the viewer holds', () => {
  beforeEach(resetAll);

  const grant = (accountId: number, tariffId: number, productId: number, key: string) =>
    env.DB.batch(
      grantStatements(env.DB, {
        accountId,
        tariff: {
          tariffId,
          productId,
          buyType: 'SVOD',
          priceId: tariffId === 9 ? 12 : 1,
          days: 30,
          rentalStartSeconds: null,
        },
        titleId: null,
        source: 'payment',
        grantKey: key,
        paymentMethodId: null,
        now: now(),
      }),
    );

  it('asks a guest to sign in for subscriptions, purchases, the invite and a retention paywall', async () => {
    for (const path of [
      '/billing/subscriptions/?status__in=active,renew,paused',
      '/billing/visitor/purchases/',
      '/billing/referral/invite/',
      '/billing/customer-retention/paywall/retention',
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(401);
      expect((await json(res)).details.reason).toBe('unauthorized');
    }
  });

  it('lists the viewer’s own subscriptions by status, never cached', async () => {
    const me = await signedUp('podpischik@example.ru', '198.51.100.81');
    const other = await signedUp('drugoy@example.ru', '198.51.100.82');
    await grant(me.accountId, 1, 1, 'order:s1');
    const res = await me.browser.fetch('/billing/subscriptions/?status__in=active,renew,paused');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [sub] = (await json(res)).results;
    expect(sub).toMatchObject({
      tariff: { id: 1, buy_type: 'SVOD', legacy: false },
      status: 'active',
      is_renew: false,
      price: { id: 1, period_duration: 30, price: 59_900 },
    });
    expect(Date.parse(sub.granted_till) / 1000).toBeGreaterThan(now() + 29 * DAY);
    const ended = await me.browser.fetch('/billing/subscriptions/?status__in=ended');
    expect((await json(ended)).results).toEqual([]);
    const others = await other.browser.fetch('/billing/subscriptions/');
    expect((await json(others)).results).toEqual([]);
    expect((await me.browser.fetch('/billing/subscriptions/?status__in=gone')).status).toBe(422);
  });

  it('counts a viewer as subscribed by any purchase but the legacy tariff', async () => {
    const me = await signedUp('status@example.ru', '198.51.100.83');
    const status = async () =>
      (await json(await me.browser.fetch('/billing/visitor/purchases/'))).subscription_status;
    expect(await status()).toBe('NoSubscription');
    await grant(me.accountId, 9, 1, 'order:legacy');
    const legacy = await json(await me.browser.fetch('/billing/visitor/purchases/'));
    expect(legacy.results).toMatchObject([{ kind: 'subscription', legacy: true }]);
    expect(legacy.subscription_status).toBe('NoSubscription');
    await grant(me.accountId, 2, 2, 'order:hbo');
    expect(await status()).toBe('Subscription');
    // A rental alone is a purchase too (the spec's status: purchases less the legacy product).
    const renter = await signedUp('status-rent@example.ru', '198.51.100.85');
    await env.DB.prepare(
      "INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by, started_at, expires_at) VALUES (?, 6, 'rental', 2, ?, ?, NULL, NULL)",
    )
      .bind(renter.accountId, now() - 60, now() + 29 * DAY)
      .run();
    const rented = await json(await renter.browser.fetch('/billing/visitor/purchases/'));
    expect(rented.results).toMatchObject([{ kind: 'rental', buy_type: 'TVOD' }]);
    expect(rented.subscription_status).toBe('Subscription');
  });

  it('tells what unlocks a film: its paywall for a guest, a running rental’s time left for its renter', async () => {
    const guest = await call('/billing/visitor/access/2/');
    expect(guest.headers.get('cache-control')).toBe('no-store');
    const g = await json(guest);
    expect(g).toMatchObject({
      content_id: 2,
      allowed: false,
      reason: 'sign_in_required',
      unlock: null,
      paywall: { slug: 'film', url: '/paywall/film?contentId=2' },
    });
    expect(ids(g.tariffs).sort()).toEqual([1, 6, 7]);
    const renter = await signedUp('arenda@example.ru', '198.51.100.84');
    const signedIn = await json(await renter.browser.fetch('/billing/visitor/access/2/'));
    expect(signedIn.reason).toBe('not_entitled');
    await env.DB.prepare(
      "INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by, started_at, expires_at) VALUES (?, 6, 'rental', 2, ?, ?, ?, ?)",
    )
      .bind(renter.accountId, now() - DAY, now() + 29 * DAY, now() - 3600, now() + 47 * 3600)
      .run();
    const rented = await json(await renter.browser.fetch('/billing/visitor/access/2/'));
    expect(rented).toMatchObject({ allowed: true, reason: null, unlock: { by: 'rental' } });
    expect(rented.unlock.seconds_left).toBeGreaterThan(46 * 3600);
    expect(rented.unlock.seconds_left).toBeLessThanOrEqual(47 * 3600);
    // A subscription-only title's paywall is its subscription's.
    expect((await json(await call('/billing/visitor/access/1/'))).paywall).toEqual({
      slug: 'hbo-max',
      url: '/paywall/hbo-max?contentId=1',
    });
    expect((await call('/billing/visitor/access/999/')).status).toBe(404);
  });

  it('sells nothing to a kid profile: no paywall and may_pay false, while the adult profile of the same account gets the paywall', async () => {
    const parent = await signedUp('detskiy@example.ru', '198.51.100.86');
    // Film 4, a 0+ cartoon, is sold by the Амедиатека subscription, which the account has not.
    const adult = await json(await parent.browser.fetch('/billing/visitor/access/4/'));
    expect(adult).toMatchObject({
      allowed: false,
      reason: 'not_entitled',
      may_pay: true,
      paywall: { slug: 'default', url: '/paywall/default?contentId=4' },
    });
    const created = await parent.browser.post('/auth/users/', { name: 'Миша', isKid: true });
    const { id } = (await created.json()) as { id: number };
    expect((await parent.browser.post('/auth/users/switch/', { userId: id })).status).toBe(200);
    const kid = await json(await parent.browser.fetch('/billing/visitor/access/4/'));
    expect(kid).toMatchObject({
      content_id: 4,
      allowed: false,
      reason: 'not_entitled',
      may_pay: false,
      paywall: null,
    });
  });

  it('offers the retention paywall to a subscriber, with the client’s paywall params', async () => {
    const me = await signedUp('uderzhanie@example.ru', '198.51.100.85');
    await grant(me.accountId, 1, 1, 'order:r1');
    // The offer is for a subscription that renews: not yet eligible until renewal is on.
    const notRenewing = await me.browser.fetch('/billing/customer-retention/paywall/retention');
    expect(await json(notRenewing)).toMatchObject({ eligible: false });
    await env.DB.prepare('UPDATE subscriptions SET is_renew = 1 WHERE account_id = ?')
      .bind(me.accountId)
      .run();
    const res = await me.browser.fetch('/billing/customer-retention/paywall/retention?from=cancel');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      slug: 'retention',
      eligible: true,
      params: { from: 'cancel' },
      offer: { name: 'retention', first_price: RETENTION_PRICE, first_period_days: 90 },
    });
    const catalogue = await me.browser.fetch('/billing/customer-retention/paywall/default');
    expect(catalogue.status).toBe(404);
  });

  it('gives a viewer one stable invite code and link', async () => {
    const me = await signedUp('drug@example.ru', '198.51.100.86');
    const first = await json(await me.browser.fetch('/billing/referral/invite/'));
    expect(first.code).toMatch(/^[A-Z0-9]{10}$/);
    expect(first.url).toContain(`/referral-rules?invite=${first.code}`);
    expect((await json(await me.browser.fetch('/billing/referral/invite/'))).code).toBe(first.code);
  });
});

describe('the partner channel', () => {
  it('lists the partners’ subscriptions, HBO Max marked', async () => {
    const body = await json(await call('/billing/partner/products/'));
    expect(body.results.map((t: any) => [t.slug, t.is_hbo])).toEqual([
      ['hbo-max', true],
      ['kino1tv', false],
      ['dazn', false],
    ]);
  });

  it('starts HBO Max’s purchase flow with isHBO for a viewer who does not have it', async () => {
    const res = await call('/billing/partner/activation/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ partner: 'hbo-max' }),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      activated: false,
      tariff_id: 2,
      next: '/payment?id=2&isHBO=1',
    });
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/isHBO=1;.*Path=\//);
    expect(cookies).toMatch(/tariffId=2;/);
    expect(cookies).not.toMatch(/HttpOnly/i);
    const unknown = await call('/billing/partner/activation/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ partner: 'netflix' }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the public lists at the edge', () => {
  it('share one copy between devices: the API client’s deviceId and token are not in the key', async () => {
    const lists = [
      '/billing/tariffs/?ids=1,4',
      '/billing/paywall/default/',
      '/billing/partner/products/',
      '/billing/gifts/products/',
    ];
    for (const path of lists) {
      // The copy of a request without them (filled by this one or an earlier test).
      await (await fromEdgeCache(path, () => call(path, { headers: RETURNING }))).arrayBuffer();
      const device = `${path}${path.includes('?') ? '&' : '?'}deviceId=b2&deviceModel=Chrome&token=secret-b2`;
      const shared = await call(device, { headers: RETURNING });
      expect(shared.headers.get('x-edge-cache'), path).toBe('HIT');
      await shared.arrayBuffer();
    }
  });
});
