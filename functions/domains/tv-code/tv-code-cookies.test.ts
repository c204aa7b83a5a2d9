import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClientFacts } from '../../lib/app-env.ts';
import { cookieHeader } from '../../lib/cookies.ts';
import { deviceFacts, deviceOf } from '../../lib/device.ts';
import { nowSeconds, renewFromCookie } from '../auth/index.ts';
import { Browser, recordMessages, resetAccounts, signUp } from '../auth/test-support.ts';
import { approvePairingCode, pollPairing, startPairing } from './tv-code.ts';

const messages = recordMessages();
const TV_UA =
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36';

beforeEach(async () => {
  await resetAccounts();
  await env.DB.prepare('DELETE FROM tv_codes').run();
});

describe('the cookies of a TV-code sign-in', () => {
  it('the approved device’s poll answers the session’s cookies for the polling browser', async () => {
    const phone = new Browser('203.0.113.81');
    await signUp(phone, messages, 'viewer@mail.ru');
    const renewed = await renewFromCookie(phone.cookies.get('session'), nowSeconds());
    if (!renewed || renewed === 'dead') throw new Error('the viewer has no live session');
    const pairing = await startPairing('203.0.113.82', 'http://localhost:8787');
    await approvePairingCode('203.0.113.81', renewed.live, pairing.user_code);
    const tv: ClientFacts = {
      ip: '203.0.113.82',
      device: deviceFacts(deviceOf(TV_UA), 'tv-device', 'RU'),
      sessionCookie: undefined,
      trustedDeviceCookie: undefined,
      secure: false,
    };
    const { answer, cookies } = await pollPairing(tv, pairing.device_code);
    expect(cookies.map((cookie) => cookieHeader(cookie).replace(/=[^;]+;/, '=…;'))).toEqual([
      'session=…; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax',
      'token=…; Max-Age=31536000; Path=/; SameSite=Lax',
      'account_id=…; Max-Age=31536000; Path=/; SameSite=Lax',
      'user_id=…; Max-Age=31536000; Path=/; SameSite=Lax',
      'billing_id=…; Max-Age=31536000; Path=/; SameSite=Lax',
      'is_kid=…; Max-Age=31536000; Path=/; SameSite=Lax',
    ]);
    expect(cookies.find((cookie) => cookie.name === 'token')?.value).toBe(answer.token);
    const row = await env.DB.prepare('SELECT device_type AS type FROM sessions WHERE device_id = ?')
      .bind('tv-device')
      .first<{ type: string }>();
    expect(row?.type).toBe('tv');
  });
});
