import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../domains/auth/test-support.ts';
import { givenGift } from '../domains/billing/account-test-support.ts';
import { loadBillingFixture } from '../domains/billing/test-fixtures.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';

/** Gifts over the API: what can be given, accepting once, the buyer's list and re-sending. */

let messages: ReturnType<typeof recordMessages>;
let ip = 1;

async function viewer(email: string) {
  const browser = new Browser(`198.51.100.${ip++}`);
  const { accountId } = await signUp(browser, messages, email);
  return { browser, accountId };
}

const accept = (b: Browser, giftToken: string) => b.post('/billing/gifts/accept/', { giftToken });

const giftRights = (giftId: number) =>
  env.DB.prepare(
    "SELECT account_id AS accountId, source FROM entitlements WHERE order_id = ? AND kind = 'subscription'",
  )
    .bind(`gift:${giftId}`)
    .all()
    .then((r) => r.results);

beforeEach(async () => {
  messages = recordMessages();
  await resetAccounts();
  await loadCatalogueFixture();
  await loadBillingFixture();
});

describe('gifts', () => {
  it('lists the giftable subscriptions and their periods to anyone', async () => {
    const res = await new Browser().fetch('/billing/gifts/products/');
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as {
      results: { tariff_id: number; prices: { id: number; period_duration: number }[] }[];
    };
    expect(results.map((r) => r.tariff_id)).toEqual([1, 2]);
    expect(results[0]!.prices.map((p) => p.period_duration)).toEqual([30, 90, 365]);
  });

  it('is accepted once, by one account, however many requests arrive at once', async () => {
    const buyer = await viewer('daritel@example.ru');
    const { giftId, token } = await givenGift(buyer.accountId);
    const takers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => viewer(`poluchatel-${i}@example.ru`)),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => accept(takers[i % takers.length]!.browser, token)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const rights = await giftRights(giftId);
    expect(rights).toEqual([{ accountId: expect.any(Number), source: 'gift' }]);
    const winner = (rights[0] as { accountId: number }).accountId;
    const gift = await env.DB.prepare('SELECT accepted_by AS by FROM gifts WHERE id = ?')
      .bind(giftId)
      .first<{ by: number }>();
    expect(gift!.by).toBe(winner);
    // The losers got nothing: no subscription row, no right.
    const others = await env.DB.prepare(
      'SELECT count(*) AS n FROM subscriptions WHERE account_id <> ?',
    )
      .bind(winner)
      .first<{ n: number }>();
    expect(others!.n).toBe(0);
    const sub = await env.DB.prepare(
      'SELECT is_renew AS isRenew, granted_till - created_at AS days FROM subscriptions WHERE account_id = ?',
    )
      .bind(winner)
      .first<{ isRenew: number; days: number }>();
    expect(sub).toEqual({ isRenew: 0, days: 30 * 86_400 });
  });

  it('tells a second taker it is taken, and the buyer that their own gift is for someone else', async () => {
    const buyer = await viewer('pokupatel@example.ru');
    const { token } = await givenGift(buyer.accountId);
    const own = await accept(buyer.browser, token);
    expect(own.status).toBe(409);
    expect(await own.json()).toMatchObject({ details: { reason: 'gift_own' } });
    const first = await viewer('pervyy@example.ru');
    const second = await viewer('vtoroy@example.ru');
    const ok = await accept(first.browser, token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ gift: { tariff: 'Амедиатека', accepted: true } });
    const late = await accept(second.browser, token);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ details: { reason: 'gift_already_accepted' } });
    expect((await accept(second.browser, 'no-such-gift-token')).status).toBe(404);
    expect((await second.browser.post('/billing/gifts/accept/', {})).status).toBe(422);
    expect((await accept(new Browser(), token)).status).toBe(401);
  });

  it('lists the gifts a viewer bought and those given to them', async () => {
    const buyer = await viewer('spisok@example.ru');
    const taker = await viewer('vzyal@example.ru');
    const { token } = await givenGift(buyer.accountId, { recipient: 'vzyal@example.ru' });
    await accept(taker.browser, token);
    const bought = await (await buyer.browser.fetch('/billing/gifts/')).json();
    expect(bought).toMatchObject({
      bought: [{ recipient_email: 'vzyal@example.ru', accepted: true }],
      received: [],
    });
    const received = await (await taker.browser.fetch('/billing/gifts/')).json();
    expect(received).toMatchObject({ bought: [], received: [{ tariff: 'Амедиатека' }] });
  });

  it('re-sends the e-mail with a new link (the old one stops working), a few times an hour', async () => {
    const buyer = await viewer('povtor@example.ru');
    const { giftId, token } = await givenGift(buyer.accountId, { recipient: 'adresat@example.ru' });
    const stranger = await viewer('neznakomec@example.ru');
    expect((await stranger.browser.post(`/billing/gifts/${giftId}/send/`)).status).toBe(404);

    const res = await buyer.browser.post(`/billing/gifts/${giftId}/send/`);
    expect(res.status).toBe(202);
    const mail = messages.sent.filter((m) => m.to === 'adresat@example.ru').at(-1)!;
    const link = /\/gifts\?giftToken=([\w.~-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const fresh = decodeURIComponent(link![1]!);
    expect((await accept(stranger.browser, token)).status).toBe(404);

    expect((await buyer.browser.post(`/billing/gifts/${giftId}/send/`)).status).toBe(202);
    expect((await buyer.browser.post(`/billing/gifts/${giftId}/send/`)).status).toBe(202);
    const limited = await buyer.browser.post(`/billing/gifts/${giftId}/send/`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);

    const latest = messages.sent.filter((m) => m.to === 'adresat@example.ru').at(-1)!;
    const latestToken = decodeURIComponent(/giftToken=([\w.~-]+)/.exec(latest.text)![1]!);
    expect(latestToken).not.toBe(fresh);
    expect((await accept(stranger.browser, latestToken)).status).toBe(200);
    // Accepted: nothing more to send.
    await env.DB.prepare('DELETE FROM rate_limits').run();
    expect((await buyer.browser.post(`/billing/gifts/${giftId}/send/`)).status).toBe(409);
  });
});
