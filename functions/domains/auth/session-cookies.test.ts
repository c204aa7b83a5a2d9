import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClientFacts } from '../../lib/app-env.ts';
import { cookieHeader } from '../../lib/cookies.ts';
import { deviceFacts, deviceOf } from '../../lib/device.ts';
import type { CookieToSet } from '../../shared/cookies.ts';
import { changeWithToken, exchangeResetCode, requestReset } from './password-reset.ts';
import { expiredSessionCookies, nowSeconds } from './session.ts';
import { passwordSignIn } from './sign-in.ts';
import { completeSignUp, requestSignUp } from './sign-up.ts';
import { recordMessages, resetAccounts } from './test-support.ts';

/**
 * The services answer the cookies a route or page sets (they never see the request): these are
 * the exact Set-Cookie lines the browser gets, values aside.
 */

const messages = recordMessages();
const PASSWORD = 'correct horse 1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const client = (facts: Partial<ClientFacts> = {}): ClientFacts => ({
  ip: '203.0.113.30',
  device: deviceFacts(deviceOf(CHROME), 'device-1', 'RU'),
  sessionCookie: undefined,
  trustedDeviceCookie: undefined,
  secure: true,
  ...facts,
});

/** The Set-Cookie lines with each value replaced by `…` (an empty one stays empty). */
const lines = (cookies: CookieToSet[]) =>
  cookies.map((cookie) => cookieHeader(cookie).replace(/^([^=]+)=[^;]+/, '$1=…'));
const cookieValue = (cookies: CookieToSet[], name: string) =>
  cookies.find((cookie) => cookie.name === name)?.value;

async function signedUp(email: string, browser = client()) {
  await requestSignUp(browser.ip, email);
  return completeSignUp(browser, email, PASSWORD, messages.lastCode(email), nowSeconds());
}

const SIGNED_IN_SECURE = [
  'session=…; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax',
  'token=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
  'account_id=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
  'user_id=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
  'billing_id=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
  'is_kid=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
];

beforeEach(async () => {
  await resetAccounts();
  messages.clear();
});

describe('the cookies the auth services answer', () => {
  it('sign-up answers the device cookie, then the session’s, Secure over HTTPS', async () => {
    const { answer, cookies } = await signedUp('anna@mail.ru');
    expect(lines(cookies)).toEqual([
      'trusted_device=…; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax',
      ...SIGNED_IN_SECURE,
    ]);
    expect(cookieValue(cookies, 'token')).toBe(answer.token);
    expect(cookieValue(cookies, 'account_id')).toBe(String(answer.accountId));
    expect(cookieValue(cookies, 'is_kid')).toBe('false');
    expect(cookieValue(cookies, 'session')).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });

  it('sign-in over HTTP answers the same cookies without Secure and ends the session the browser held', async () => {
    const first = await signedUp('anna@mail.ru');
    const previous = cookieValue(first.cookies, 'session');
    const { cookies } = await passwordSignIn(
      client({ secure: false, sessionCookie: previous }),
      { email: 'anna@mail.ru' },
      PASSWORD,
      nowSeconds(),
    );
    expect(lines(cookies)).toEqual([
      'trusted_device=…; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax',
      ...SIGNED_IN_SECURE.map((line) => line.replace('; Secure', '')),
    ]);
    const { n } = (await env.DB.prepare(
      'SELECT count(*) AS n FROM sessions WHERE id = ? AND revoked_at IS NOT NULL',
    )
      .bind(previous!.split('.')[0])
      .first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('a password reset clears the session cookies of a browser signed in to that account, and of no other', async () => {
    const { answer } = await signedUp('anna@mail.ru');
    const token = async () => {
      // The address takes one message a minute: as if that minute had passed.
      await env.DB.prepare('DELETE FROM rate_limits').run();
      messages.clear();
      await requestReset('203.0.113.31', { email: 'anna@mail.ru' });
      const code = messages.lastCode('anna@mail.ru');
      return exchangeResetCode('203.0.113.31', { email: 'anna@mail.ru' }, code, nowSeconds());
    };
    const own = { accountId: String(answer.accountId), secure: true };
    expect(lines(await changeWithToken(own, await token(), 'new horse 22', nowSeconds()))).toEqual([
      'session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
      'token=; Max-Age=0; Path=/; Secure; SameSite=Lax',
      'account_id=; Max-Age=0; Path=/; Secure; SameSite=Lax',
      'user_id=; Max-Age=0; Path=/; Secure; SameSite=Lax',
      'billing_id=; Max-Age=0; Path=/; Secure; SameSite=Lax',
      'is_kid=; Max-Age=0; Path=/; Secure; SameSite=Lax',
    ]);
    const guest = { accountId: null, secure: true };
    expect(await changeWithToken(guest, await token(), 'new horse 33', nowSeconds())).toEqual([]);
  });

  it('logout clears the purchase flow’s and the PIN’s cookies too', () => {
    expect(lines(expiredSessionCookies(false, { logout: true }))).toEqual([
      'session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'token=; Max-Age=0; Path=/; SameSite=Lax',
      'account_id=; Max-Age=0; Path=/; SameSite=Lax',
      'user_id=; Max-Age=0; Path=/; SameSite=Lax',
      'billing_id=; Max-Age=0; Path=/; SameSite=Lax',
      'is_kid=; Max-Age=0; Path=/; SameSite=Lax',
      'tariffId=; Max-Age=0; Path=/; SameSite=Lax',
      'subscriptionId=; Max-Age=0; Path=/; SameSite=Lax',
      'tariffType=; Max-Age=0; Path=/; SameSite=Lax',
      'isGift=; Max-Age=0; Path=/; SameSite=Lax',
      'paymentOrderId=; Max-Age=0; Path=/; SameSite=Lax',
      'isHBO=; Max-Age=0; Path=/; SameSite=Lax',
      'pin_status=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });
});
