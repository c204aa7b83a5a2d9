import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { leastRetryAfter } from '../../test-helpers.ts';
import { pseudonym } from './keys.ts';
import { Browser, recordMessages, resetAccounts } from './test-support.ts';

const messages = recordMessages();
const PHONE = '+79991234567';
const sendCode = (browser: Browser, phone: string) => browser.post('/auth/phone/check/', { phone });
const signIn = (browser: Browser, phone: string, code: string) =>
  browser.post('/auth/phone/sign_in/', { phone, code });
/** A minute later: the once-a-minute resend window of this number has passed. */
const minuteLater = async (phone: string) => {
  await env.DB.prepare('DELETE FROM rate_limits WHERE key = ?')
    .bind(await pseudonym('send-minute', `sms:${phone}`))
    .run();
};

describe('phone sign-in with a one-time SMS code', () => {
  beforeEach(async () => {
    await resetAccounts();
    messages.clear();
  });

  it('sends a 6-digit code by SMS to the E.164 number; the first sign-in creates a passwordless account, the next finds it', async () => {
    const browser = new Browser();
    const sent = await sendCode(browser, '8 (999) 123-45-67');
    expect([sent.status, await sent.json()]).toEqual([202, { status: 'code_sent' }]);
    expect(messages.sent).toEqual([
      {
        channel: 'sms',
        to: PHONE,
        purpose: 'sign_in_code',
        text: expect.stringMatching(
          /^Код для входа в Амедиатеку: \d{6}\. Никому его не сообщайте\.$/,
        ),
      },
    ]);

    const first = await signIn(browser, PHONE, messages.lastCode(PHONE));
    expect(first.status).toBe(200);
    const created = (await first.json()) as { accountId: number; isNewAccount: boolean };
    expect(created).toMatchObject({
      isNewAccount: true,
      isKid: false,
      token: browser.cookies.get('token'),
    });
    expect(
      await env.DB.prepare('SELECT phone, email, password_hash AS hash FROM accounts').first(),
    ).toEqual({ phone: PHONE, email: null, hash: null });

    await minuteLater(PHONE);
    await sendCode(browser, PHONE);
    const again = await signIn(
      new Browser('203.0.113.40'),
      '+7 999 123 45 67',
      messages.lastCode(PHONE),
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ accountId: created.accountId, isNewAccount: false });
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM accounts').first<{ n: number }>())?.n,
    ).toBe(1);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM profiles').first<{ n: number }>())?.n,
    ).toBe(1);
  });

  it('allows 5 tries per code, then asks for a new one', async () => {
    const browser = new Browser();
    await sendCode(browser, PHONE);
    const good = messages.lastCode(PHONE);
    const bad = good === '000000' ? '111111' : '000000';
    const texts = [];
    for (let i = 0; i < 5; i++) {
      const res = await signIn(browser, PHONE, bad);
      texts.push([res.status, ((await res.json()) as { message: string }).message]);
    }
    expect(texts).toEqual([
      [400, 'Неверный код. Осталось 4 попытки'],
      [400, 'Неверный код. Осталось 3 попытки'],
      [400, 'Неверный код. Осталось 2 попытки'],
      [400, 'Неверный код. Осталась 1 попытка'],
      [429, 'Слишком много неверных попыток. Запросите новый код'],
    ]);
    // Even the right code is refused now.
    const right = await signIn(browser, PHONE, good);
    expect([right.status, await right.json()]).toEqual([
      429,
      {
        message: 'Слишком много неверных попыток. Запросите новый код',
        details: { reason: 'code_attempts_exceeded' },
      },
    ]);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM accounts').first<{ n: number }>())?.n,
    ).toBe(0);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const browser = new Browser();
    await sendCode(browser, PHONE);
    await env.DB.prepare('UPDATE auth_codes SET expires_at = unixepoch() - 1').run();
    const res = await signIn(browser, PHONE, messages.lastCode(PHONE));
    expect([res.status, await res.json()]).toEqual([
      400,
      {
        message: 'Срок действия кода истёк. Запросите новый код',
        details: { reason: 'code_expired' },
      },
    ]);
  });

  it('uses a code once: of two simultaneous sign-ins one wins, and a replay is refused', async () => {
    await sendCode(new Browser(), PHONE);
    const code = messages.lastCode(PHONE);
    const both = await Promise.all([
      signIn(new Browser('203.0.113.41'), PHONE, code),
      signIn(new Browser('203.0.113.42'), PHONE, code),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const replay = await signIn(new Browser(), PHONE, code);
    expect([
      replay.status,
      ((await replay.json()) as { details: { reason: string } }).details.reason,
    ]).toEqual([400, 'code_missing']);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM accounts').first<{ n: number }>())?.n,
    ).toBe(1);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM sessions').first<{ n: number }>())?.n,
    ).toBe(1);
  });

  it('throttles resending to once a minute (429 with Retry-After), and a refused resend costs nothing', async () => {
    const browser = new Browser();
    const since = Date.now();
    expect((await sendCode(browser, PHONE)).status).toBe(202);
    const again = await sendCode(browser, PHONE);
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(leastRetryAfter(60, since));
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await again.json()) as { message: string }).message).toMatch(
      /^Слишком много запросов\. Повторите через \d+ секунд[уы]?$/,
    );
    expect(messages.sent).toHaveLength(1);
    // Four more sends in the hour, a minute apart: the refused one above did not count.
    for (let i = 0; i < 4; i++) {
      await minuteLater(PHONE);
      expect((await sendCode(browser, PHONE)).status, `send ${i + 2}`).toBe(202);
    }
    await minuteLater(PHONE);
    const sixth = await sendCode(browser, PHONE);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(((await sixth.json()) as { message: string }).message).toBe(
      'Слишком много запросов. Повторите через 60 минут',
    );
    expect(messages.sent).toHaveLength(5);
  });

  it('caps SMS per IP at 20 an hour, whatever the numbers (against SMS pumping)', async () => {
    const browser = new Browser('192.0.2.200');
    for (let i = 0; i < 20; i++)
      expect((await sendCode(browser, `+7999000${String(i).padStart(4, '0')}`)).status).toBe(202);
    const pumped = await sendCode(browser, '+79990009999');
    expect(pumped.status).toBe(429);
    expect(Number(pumped.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(messages.sent).toHaveLength(20);
    expect((await sendCode(new Browser('192.0.2.201'), '+79990009999')).status).toBe(202);
  });

  it('refuses numbers outside the CIS and malformed input with 422 in Russian, sending nothing', async () => {
    for (const phone of ['+44 20 7946 0958', '12345', '+7 999']) {
      const res = await sendCode(new Browser(), phone);
      expect([res.status, await res.json()], phone).toEqual([
        422,
        {
          message: 'Введите номер телефона в формате +7 900 000-00-00',
          details: expect.objectContaining({ reason: 'invalid_field' }),
        },
      ]);
    }
    const noCode = await new Browser().post('/auth/phone/sign_in/', { phone: PHONE });
    expect([noCode.status, await noCode.json()]).toEqual([
      422,
      {
        message: 'Укажите код из SMS или пароль',
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ]);
    expect(messages.sent).toHaveLength(0);
  });
});
