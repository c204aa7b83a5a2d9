import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../auth/test-support.ts';
import { loadBillingFixture } from '../billing/test-fixtures.ts';
import { loadCatalogueFixture } from '../catalogue/test-fixtures.ts';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** A code as an operator adds it: days of the main subscription, or a discount on it. */
async function addCode(
  code: string,
  {
    days = 30 as number | null,
    discount = null as number | null,
    maxUses = 1000,
    from = now() - DAY,
    till = now() + DAY,
  } = {},
) {
  await env.DB.prepare(
    `INSERT INTO promo_codes (code, kind, tariff_id, days, discount_percent, max_uses, valid_from, valid_till, title, description, button_text)
     VALUES (?, 'promo', 1, ?, ?, ?, ?, ?, 'Подарок', 'Месяц Амедиатеки', 'Смотреть')`,
  )
    .bind(code, days, discount, maxUses, from, till)
    .run();
}

let n = 0;
async function viewer(messages: ReturnType<typeof recordMessages>) {
  n += 1;
  const browser = new Browser(`198.51.100.${n % 250}`);
  const { accountId } = await signUp(browser, messages, `promo-${n}-${Date.now()}@example.com`);
  return { browser, accountId };
}

const apply = (browser: Browser, code: string) =>
  browser.post('/billing/vouchers/apply/', { code });

const rights = (accountId: number) =>
  env.DB.prepare(
    "SELECT source, order_id AS grantKey, expires_at - granted_at AS seconds FROM entitlements WHERE account_id = ? AND kind = 'subscription'",
  )
    .bind(accountId)
    .all()
    .then((r) => r.results);

describe('promo codes and vouchers', () => {
  let messages: ReturnType<typeof recordMessages>;
  beforeEach(async () => {
    messages = recordMessages();
    await resetAccounts();
    await loadCatalogueFixture();
    await loadBillingFixture();
  });

  it('a one-time code redeemed by 20 viewers at once is granted exactly once', async () => {
    await addCode('ONCE', { maxUses: 1 });
    const viewers = await Promise.all(Array.from({ length: 20 }, () => viewer(messages)));
    const answers = await Promise.all(viewers.map((v) => apply(v.browser, 'once')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const refusals = await Promise.all(
      answers.filter((r) => r.status === 409).map((r) => r.json()),
    );
    for (const body of refusals)
      expect(body).toMatchObject({
        message: 'Этот промокод уже использован',
        details: { reason: 'promo_used_up', success: false, title: 'Промокод не применён' },
      });
    const granted = await env.DB.prepare(
      "SELECT count(*) AS n FROM entitlements WHERE source = 'promo'",
    ).first<{ n: number }>();
    expect(granted!.n).toBe(1);
    const code = await env.DB.prepare("SELECT used FROM promo_codes WHERE code = 'ONCE'").first();
    expect(code).toEqual({ used: 1 });
  });

  it('one viewer sending the same code five times at once gets its days once', async () => {
    await addCode('MONTH', { maxUses: 100 });
    const { browser, accountId } = await viewer(messages);
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(browser, ' month ')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await rights(accountId)).toEqual([
      { source: 'promo', grantKey: `promo:MONTH:${accountId}`, seconds: 30 * DAY },
    ]);
    const again = await apply(browser, 'MONTH');
    expect(await again.json()).toMatchObject({
      message: 'Вы уже активировали этот промокод',
      details: { reason: 'promo_already_redeemed' },
    });
  });

  it('a granted code answers the popup and the subscription is listed', async () => {
    await addCode('GIFT30');
    const { browser, accountId } = await viewer(messages);
    const res = await apply(browser, 'gift30');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      kind: 'days',
      title: 'Подарок',
      description: 'Месяц Амедиатеки',
      buttonText: 'Смотреть',
    });
    const sub = await env.DB.prepare(
      'SELECT tariff_id AS tariffId, status, is_renew AS renew FROM subscriptions WHERE account_id = ?',
    )
      .bind(accountId)
      .first();
    expect(sub).toEqual({ tariffId: 1, status: 'active', renew: 0 });
  });

  it('refuses unknown, expired, not yet valid and used-up codes in Russian and grants nothing', async () => {
    await addCode('OLD', { from: now() - 10 * DAY, till: now() - DAY });
    await addCode('SOON', { from: now() + DAY, till: now() + 10 * DAY });
    await addCode('GONE', { maxUses: 1 });
    await env.DB.prepare("UPDATE promo_codes SET used = 1 WHERE code = 'GONE'").run();
    const { browser, accountId } = await viewer(messages);
    const cases: [string, number, string, string][] = [
      ['NOSUCH', 404, 'promo_not_found', 'Такого промокода нет. Проверьте, правильно ли он введён'],
      ['OLD', 409, 'promo_expired', 'Срок действия промокода истёк'],
      ['SOON', 409, 'promo_not_started', 'Этот промокод ещё не действует'],
      ['GONE', 409, 'promo_used_up', 'Этот промокод уже использован'],
    ];
    for (const [code, status, reason, message] of cases) {
      const res = await apply(browser, code);
      expect(res.status, code).toBe(status);
      expect(await res.json()).toMatchObject({ message, details: { reason } });
    }
    expect(await rights(accountId)).toEqual([]);
  });

  it('a discount code leads to the paywall with the code and grants nothing yet', async () => {
    await addCode('HALF', { days: null, discount: 50 });
    const { browser, accountId } = await viewer(messages);
    const res = await apply(browser, 'half');
    expect(await res.json()).toMatchObject({
      success: true,
      kind: 'discount',
      discountPercent: 50,
      href: '/paywall/default?promo=HALF',
    });
    expect(await rights(accountId)).toEqual([]);
  });

  it('a malformed code is a 422, a guest a 401, and guessing is throttled', async () => {
    const { browser } = await viewer(messages);
    const bad = await apply(browser, 'а б');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { message: string }).message).toMatch(/промокод/i);
    const guest = await new Browser('198.51.100.251').post('/billing/vouchers/apply/', {
      code: 'ANYCODE',
    });
    expect(guest.status).toBe(401);
    const tries = [];
    for (let i = 0; i < 11; i++) tries.push((await apply(browser, `GUESS${i}`)).status);
    expect(tries.slice(0, 9)).toEqual(Array(9).fill(404));
    expect(tries.at(-1)).toBe(429);
  });
});
