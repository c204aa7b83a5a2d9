import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { KID_MONEY_TEXT } from '../access/index.ts';
import { Browser, recordMessages, resetAccounts, signUp } from '../domains/auth/test-support.ts';
import { givenSubscription } from '../domains/billing/account-test-support.ts';
import { loadBillingFixture } from '../domains/billing/test-fixtures.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { renewSubscriptions } from '../jobs/renewals.ts';

/**
 * Pausing a subscription over the API (/info/freezing): the status reads «На паузе», the paid-up
 * date and the next charge move, the subscription's catalogue stops playing while rentals play
 * on, the renewal job neither charges it nor keeps it paused past its day, «Возобновить» gives
 * the days not used back; bad input and a second pause at once change nothing.
 */

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let messages: ReturnType<typeof recordMessages>;

interface Sub {
  status: string;
  status_text: string;
  granted_till: number;
  paused_until: number | null;
  can_pause: boolean;
  pause_days_max: number;
  renewal_text: string;
}

async function viewer(email: string, ip: string) {
  const browser = new Browser(ip);
  const { accountId } = await signUp(browser, messages, email);
  return { browser, accountId };
}

const pause = (b: Browser, id: number, body: unknown) =>
  b.post(`/billing/subscriptions/${id}/pause/`, body);
const resume = (b: Browser, id: number) => b.post(`/billing/subscriptions/${id}/resume/`);

const stored = (id: number) =>
  env.DB.prepare(
    `SELECT status, granted_till AS grantedTill, next_charge_at AS nextChargeAt,
       (SELECT max(expires_at) FROM entitlements e WHERE e.account_id = s.account_id AND e.kind = 'subscription') AS expiresAt,
       (SELECT count(*) FROM subscription_pauses p WHERE p.subscription_id = s.id) AS pauses
     FROM subscriptions s WHERE id = ?`,
  )
    .bind(id)
    .first<{
      status: string;
      grantedTill: number;
      nextChargeAt: number;
      expiresAt: number;
      pauses: number;
    }>();

/** Film 4 is sold by the Амедиатека subscription (product 1); film 2 is rented below. */
const access = async (b: Browser, title: number) =>
  (await (await b.fetch(`/billing/visitor/access/${title}/`)).json()) as {
    allowed: boolean;
    reason: string | null;
  };

beforeEach(async () => {
  messages = recordMessages();
  await resetAccounts();
  await loadCatalogueFixture();
  await loadBillingFixture();
});

describe('pausing a subscription', () => {
  it('freezes it at once: «На паузе», dates moved by the pause, its catalogue closed, a rental still playing', async () => {
    const { browser, accountId } = await viewer('zamorozka@example.ru', '203.0.113.81');
    const { subscriptionId } = await givenSubscription(accountId);
    await env.DB.prepare(
      "INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by, started_at, expires_at) VALUES (?, 6, 'rental', 2, ?, ?, ?, ?)",
    )
      .bind(accountId, now() - DAY, now() + 29 * DAY, now() - 3600, now() + 47 * 3600)
      .run();
    const before = (await stored(subscriptionId))!;
    const shown = (await (
      await browser.fetch(`/billing/subscriptions/${subscriptionId}/`)
    ).json()) as Sub;
    expect(shown).toMatchObject({ can_pause: true, pause_days_max: 90, paused_until: null });
    expect((await access(browser, 4)).allowed).toBe(true);

    const res = await pause(browser, subscriptionId, { days: 14 });
    expect(res.status).toBe(200);
    const paused = (await res.json()) as Sub;
    expect(paused.status).toBe('paused');
    expect(paused.status_text).toBe('На\u00a0паузе');
    expect(paused.renewal_text).toMatch(/^На\sпаузе до\s\d{1,2} [а-я]+ \d{4}, затем продлится/);
    expect(paused.paused_until! - now()).toBeGreaterThan(14 * DAY - 60);
    expect(paused.can_pause).toBe(false);
    const after = (await stored(subscriptionId))!;
    expect(after.grantedTill - before.grantedTill).toBe(14 * DAY);
    expect(after.nextChargeAt - before.nextChargeAt).toBe(14 * DAY);
    expect(after.expiresAt - before.expiresAt).toBe(14 * DAY);
    expect(await access(browser, 4)).toMatchObject({ allowed: false, reason: 'not_entitled' });
    expect((await access(browser, 2)).allowed).toBe(true);
  });

  it('pauses once when the same request arrives five times at once', async () => {
    const { browser, accountId } = await viewer('dvazhdy@example.ru', '203.0.113.82');
    const { subscriptionId } = await givenSubscription(accountId);
    const before = (await stored(subscriptionId))!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pause(browser, subscriptionId, { days: 30 })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual({
      message: 'Подписка уже на\u00a0паузе',
      details: { reason: 'subscription_paused' },
    });
    const after = (await stored(subscriptionId))!;
    expect(after.pauses).toBe(1);
    expect(after.grantedTill - before.grantedTill).toBe(30 * DAY);
  });

  it('refuses bad days with a Russian 422 and changes nothing', async () => {
    const { browser, accountId } = await viewer('ploho@example.ru', '203.0.113.83');
    const { subscriptionId } = await givenSubscription(accountId);
    const before = await stored(subscriptionId);
    for (const body of [{ days: 6 }, { days: 91 }, { days: 7.5 }, { days: '14' }, {}]) {
      const res = await pause(browser, subscriptionId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json(), JSON.stringify(body)).toMatchObject({
        message: 'Срок заморозки\u00a0— от\u00a07\u00a0до\u00a090\u00a0дней',
        details: { reason: 'invalid_field' },
      });
    }
    expect(await stored(subscriptionId)).toEqual(before);
  });

  it('allows two pauses and 90 days in 12 months, the days of an early resume counted whole', async () => {
    const { browser, accountId } = await viewer('limit@example.ru', '203.0.113.84');
    const { subscriptionId } = await givenSubscription(accountId);
    expect((await pause(browser, subscriptionId, { days: 60 })).status).toBe(200);
    const back = await resume(browser, subscriptionId);
    expect(back.status).toBe(200);
    expect(((await back.json()) as Sub).pause_days_max).toBe(30);
    const tooLong = await pause(browser, subscriptionId, { days: 31 });
    expect(tooLong.status).toBe(422);
    expect(await tooLong.json()).toMatchObject({
      message:
        'За\u00a012\u00a0месяцев подписку можно заморозить не\u00a0больше чем на\u00a090\u00a0дней: осталось 30\u00a0дней',
      details: { reason: 'pause_days_exceeded' },
    });
    expect((await pause(browser, subscriptionId, { days: 7 })).status).toBe(200);
    expect((await resume(browser, subscriptionId)).status).toBe(200);
    const third = await pause(browser, subscriptionId, { days: 7 });
    expect(third.status).toBe(409);
    expect(await third.json()).toMatchObject({ details: { reason: 'pause_limit_reached' } });
    expect((await stored(subscriptionId))!.pauses).toBe(2);
  });

  it('says the days left with the right agreement: «остался 1 день», «осталось 2 дня», «осталось 5 дней», «остался 21 день»', async () => {
    const { browser, accountId } = await viewer('ostalos@example.ru', '203.0.113.90');
    const { subscriptionId } = await givenSubscription(accountId);
    // One earlier pause this year, ended: its days count against the 90.
    await env.DB.prepare(
      `INSERT INTO subscription_pauses (id, subscription_id, account_id, product_id, days, starts_at, ends_at, ended_at, created_at)
       VALUES ('earlier', ?, ?, 1, 89, ?, ?, ?, ?)`,
    )
      .bind(
        subscriptionId,
        accountId,
        now() - 100 * DAY,
        now() - 99 * DAY,
        now() - 99 * DAY,
        now() - 100 * DAY,
      )
      .run();
    for (const [left, days, status, words] of [
      [1, 7, 409, 'остался 1\u00a0день'],
      [2, 7, 409, 'осталось 2\u00a0дня'],
      [5, 7, 409, 'осталось 5\u00a0дней'],
      [21, 30, 422, 'остался 21\u00a0день'],
    ] as const) {
      await env.DB.prepare("UPDATE subscription_pauses SET days = ? WHERE id = 'earlier'")
        .bind(90 - left)
        .run();
      const res = await pause(browser, subscriptionId, { days });
      expect(res.status, String(left)).toBe(status);
      expect(((await res.json()) as { message: string }).message, String(left)).toBe(
        `За\u00a012\u00a0месяцев подписку можно заморозить не\u00a0больше чем на\u00a090\u00a0дней: ${words}`,
      );
    }
    expect((await stored(subscriptionId))!.pauses).toBe(1);
  });

  it('refuses a pause while a renewal charge is pending at the acquirer, and allows it once the charge is over', async () => {
    const { browser, accountId } = await viewer('spisanie@example.ru', '203.0.113.91');
    const { subscriptionId, cardId } = await givenSubscription(accountId);
    await env.DB.prepare(
      `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, subscription_id, amount, method,
         payment_method_id, recurring_consent, status, provider, provider_payment_id, client_key, created_at, updated_at)
       VALUES ('renewal-held', ?, 'renewal', 1, 1, ?, 59900, 'saved', ?, 1, 'pending', 'sandbox', 'pay-held', 'renewal:held', ?, ?)`,
    )
      .bind(accountId, subscriptionId, cardId, now() - 60, now() - 60)
      .run();
    const before = await stored(subscriptionId);
    const refused = await pause(browser, subscriptionId, { days: 14 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message:
        'Сейчас проходит списание за\u00a0продление подписки. Заморозить её\u00a0можно, когда оно завершится',
      details: { reason: 'renewal_pending' },
    });
    expect(await stored(subscriptionId)).toEqual(before);
    await env.DB.prepare("UPDATE orders SET status = 'canceled' WHERE id = 'renewal-held'").run();
    expect((await pause(browser, subscriptionId, { days: 14 })).status).toBe(200);
  });

  it('refuses a subscription without renewal, a gift and a trial, and another account’s', async () => {
    const { browser, accountId } = await viewer('nelzya@example.ru', '203.0.113.85');
    const noCard = await givenSubscription(accountId, { card: false });
    const off = await pause(browser, noCard.subscriptionId, { days: 7 });
    expect(off.status).toBe(409);
    expect(await off.json()).toMatchObject({ details: { reason: 'renewal_off' } });

    const gifted = await givenSubscription(accountId, { tariffId: 2, priceId: 4, productId: 2 });
    await env.DB.prepare(
      "UPDATE entitlements SET source = 'gift' WHERE account_id = ? AND product_id = 2",
    )
      .bind(accountId)
      .run();
    const gift = await pause(browser, gifted.subscriptionId, { days: 7 });
    expect(gift.status).toBe(409);
    expect(await gift.json()).toEqual({
      message:
        'Пробный период и\u00a0подписки, оформленные по\u00a0промокоду или в\u00a0подарок, заморозить нельзя',
      details: { reason: 'pause_not_allowed' },
    });

    const other = await viewer('chuzhaya@example.ru', '203.0.113.86');
    const trial = await givenSubscription(other.accountId);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, offer_id, amount, method, status, provider, created_at, updated_at, paid_at)
         VALUES ('o-trial', ?, 'purchase', 1, 1, 1, 100, 'bank_card', 'succeeded', 'sandbox', 1, 1, 1)`,
      ).bind(other.accountId),
      env.DB.prepare(
        "UPDATE entitlements SET order_id = 'order:o-trial' WHERE account_id = ?",
      ).bind(other.accountId),
    ]);
    const trialPause = await pause(other.browser, trial.subscriptionId, { days: 7 });
    expect(await trialPause.json()).toMatchObject({ details: { reason: 'pause_not_allowed' } });
    expect((await pause(browser, trial.subscriptionId, { days: 7 })).status).toBe(404);
    expect((await pause(new Browser(), trial.subscriptionId, { days: 7 })).status).toBe(401);
    expect((await stored(trial.subscriptionId))!.pauses).toBe(0);
  });

  it('refuses a kid profile with the money pages’ refusal', async () => {
    const { browser, accountId } = await viewer('semya-pauza@example.ru', '203.0.113.87');
    const { subscriptionId } = await givenSubscription(accountId);
    const created = await browser.post('/auth/users/', { name: 'Миша', isKid: true });
    const { id } = (await created.json()) as { id: number };
    expect((await browser.post('/auth/users/switch/', { userId: id })).status).toBe(200);
    const res = await pause(browser, subscriptionId, { days: 7 });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: KID_MONEY_TEXT,
      details: { reason: 'kid_profile' },
    });
    expect((await resume(browser, subscriptionId)).status).toBe(403);
    expect((await stored(subscriptionId))!.pauses).toBe(0);
  });
});

describe('the end of a pause', () => {
  it('«Возобновить» ends it now: the days not used come off the dates and the catalogue plays again', async () => {
    const { browser, accountId } = await viewer('vozobnovit@example.ru', '203.0.113.88');
    const { subscriptionId } = await givenSubscription(accountId);
    const before = (await stored(subscriptionId))!;
    expect((await pause(browser, subscriptionId, { days: 20 })).status).toBe(200);
    const res = await resume(browser, subscriptionId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'active', paused_until: null });
    const after = (await stored(subscriptionId))!;
    // Only the seconds the pause ran remain added.
    expect(after.grantedTill - before.grantedTill).toBeGreaterThanOrEqual(0);
    expect(after.grantedTill - before.grantedTill).toBeLessThan(60);
    expect(after.expiresAt - before.expiresAt).toBe(after.grantedTill - before.grantedTill);
    expect((await access(browser, 4)).allowed).toBe(true);
    const again = await resume(browser, subscriptionId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ details: { reason: 'not_paused' } });
  });

  it('gives the days back once when «Возобновить» arrives five times at once', async () => {
    const { browser, accountId } = await viewer('pyat-raz@example.ru', '203.0.113.90');
    const { subscriptionId } = await givenSubscription(accountId);
    const before = (await stored(subscriptionId))!;
    expect((await pause(browser, subscriptionId, { days: 30 })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => resume(browser, subscriptionId)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const after = (await stored(subscriptionId))!;
    expect(after.status).toBe('active');
    expect(after.grantedTill - before.grantedTill).toBeGreaterThanOrEqual(0);
    expect(after.grantedTill - before.grantedTill).toBeLessThan(60);
  });

  it('the renewal job charges nothing while paused and ends the pause on its day', async () => {
    const { browser, accountId } = await viewer('po-grafiku@example.ru', '203.0.113.89');
    const { subscriptionId } = await givenSubscription(accountId);
    expect((await pause(browser, subscriptionId, { days: 7 })).status).toBe(200);
    const orders = () =>
      env.DB.prepare('SELECT count(*) AS n FROM orders WHERE subscription_id = ?')
        .bind(subscriptionId)
        .first<{ n: number }>();
    // Due by its date, yet paused: not charged.
    await env.DB.prepare('UPDATE subscriptions SET next_charge_at = ? WHERE id = ?')
      .bind(now() - 60, subscriptionId)
      .run();
    await renewSubscriptions(now());
    expect((await orders())!.n).toBe(0);
    expect((await stored(subscriptionId))!.status).toBe('paused');
    // Its day comes: the job ends it, and the catalogue plays again.
    await env.DB.prepare(
      'UPDATE subscription_pauses SET ends_at = ?, starts_at = starts_at - 8 * 86400 WHERE subscription_id = ?',
    )
      .bind(now() - 1, subscriptionId)
      .run();
    await env.DB.prepare('UPDATE subscriptions SET next_charge_at = ? WHERE id = ?')
      .bind(now() + DAY, subscriptionId)
      .run();
    await renewSubscriptions(now());
    expect((await stored(subscriptionId))!.status).toBe('active');
    const ended = await env.DB.prepare(
      'SELECT ended_at = ends_at AS onItsDay FROM subscription_pauses WHERE subscription_id = ?',
    )
      .bind(subscriptionId)
      .first<{ onItsDay: number }>();
    expect(ended!.onItsDay).toBe(1);
    expect((await access(browser, 4)).allowed).toBe(true);
  });
});
