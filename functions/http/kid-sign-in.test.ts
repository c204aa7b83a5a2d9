import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser } from '../domains/auth/test-support.ts';
import { outboxCode, resetAll, signedUp } from '../domains/parental/test-support.ts';

/**
 * Signing in over a kid profile's session (docs/product.md, «Who may see what»): every way of
 * opening a session would leave the kid profile for the account's adult one without the PIN, so
 * while parental control is Enabled each is refused like signing out (403 `kid_profile`) and
 * nothing changes: the same sessions, this browser still in the kid profile.
 */

const PASSWORD = 'correct horse 1';
const KID_TEXT =
  'Из\u00a0детского профиля выйти нельзя: переключитесь на\u00a0взрослый профиль с\u00a0PIN-кодом';
const ORIGIN = { origin: 'http://localhost:8787' };

const sessionCount = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<{ n: number }>())?.n;

/** A kid profile's browser, on an account whose control is Enabled unless `pin` is false. */
async function kidBrowser(email: string, { pin = true } = {}) {
  const { browser, send } = await signedUp(email);
  if (pin) expect((await send('POST', '/pin-code/set', { pin: '2580' })).status).toBe(201);
  const kid = await browser.post('/auth/users/', { name: 'Маша', isKid: true });
  const { id } = (await kid.json()) as { id: number };
  expect((await browser.post('/auth/users/switch/', { userId: id })).status).toBe(200);
  return { browser, kidId: id };
}

/** The refusal's status, reason and text. */
const refusal = async (res: Response) => {
  const body = (await res.json()) as { message?: string; details?: { reason: string } };
  return [res.status, body.details?.reason, body.message];
};

/** Whom this browser's session now is: its profile and whether a kid's. */
async function whoIs(browser: Browser) {
  const res = await browser.post('/auth/jwt/renew/');
  const body = (await res.json()) as { userId: number; isKid: boolean };
  return { userId: body.userId, isKid: body.isKid };
}

beforeEach(resetAll);

describe('signing in from a kid profile while parental control is Enabled', () => {
  it('POST /auth/email/sign_in is refused (403 kid_profile), into this account or another, and changes nothing', async () => {
    const { browser, kidId } = await kidBrowser('kid-in@mail.ru');
    await signedUp('other@mail.ru', '203.0.113.21');
    const before = await sessionCount();
    for (const email of ['kid-in@mail.ru', 'other@mail.ru']) {
      const res = await browser.post('/auth/email/sign_in/', { email, password: PASSWORD });
      expect(await refusal(res)).toEqual([403, 'kid_profile', KID_TEXT]);
    }
    expect(await sessionCount()).toBe(before);
    expect(await whoIs(browser)).toEqual({ userId: kidId, isKid: true });
  });

  it('POST /auth/phone/sign_in is refused, by code and by password', async () => {
    const { browser, kidId } = await kidBrowser('kid-phone@mail.ru');
    const phone = '+79991234567';
    expect((await browser.post('/auth/phone/check/', { phone })).status).toBe(202);
    const before = await sessionCount();
    const byCode = await browser.post('/auth/phone/sign_in/', {
      phone,
      code: await outboxCode(phone),
    });
    expect(await refusal(byCode)).toEqual([403, 'kid_profile', KID_TEXT]);
    const byPassword = await browser.post('/auth/phone/sign_in/', { phone, password: PASSWORD });
    expect(await refusal(byPassword)).toEqual([403, 'kid_profile', KID_TEXT]);
    expect(await sessionCount()).toBe(before);
    const accounts = await env.DB.prepare('SELECT COUNT(*) AS n FROM accounts WHERE phone = ?')
      .bind(phone)
      .first<{ n: number }>();
    expect(accounts?.n).toBe(0);
    expect(await whoIs(browser)).toEqual({ userId: kidId, isKid: true });
  });

  it('completing a sign-up (POST /auth/email/sign_up with code) is refused and creates no account', async () => {
    const { browser, kidId } = await kidBrowser('kid-up@mail.ru');
    const email = 'new@mail.ru';
    expect((await browser.post('/auth/email/sign_up/', { email, password: PASSWORD })).status).toBe(
      202,
    );
    const res = await browser.post('/auth/email/sign_up/', {
      email,
      password: PASSWORD,
      code: await outboxCode(email),
    });
    expect(await refusal(res)).toEqual([403, 'kid_profile', KID_TEXT]);
    const created = await env.DB.prepare('SELECT COUNT(*) AS n FROM accounts WHERE email = ?')
      .bind(email)
      .first<{ n: number }>();
    expect(created?.n).toBe(0);
    expect(await whoIs(browser)).toEqual({ userId: kidId, isKid: true });
  });

  it('a social sign-in is refused before the browser leaves for the provider', async () => {
    const { browser } = await kidBrowser('kid-social@mail.ru');
    const res = await browser.fetch('/auth/socials/ya/sign-in');
    expect(await refusal(res)).toEqual([403, 'kid_profile', KID_TEXT]);
  });

  it('the TV code: the kid may neither approve a code nor take a session by polling one', async () => {
    const { browser, kidId } = await kidBrowser('kid-tv@mail.ru');
    const tv = new Browser('203.0.113.82');
    const pairing = (await (await tv.post('/auth/tv_code/', undefined, ORIGIN)).json()) as {
      device_code: string;
      user_code: string;
    };
    const approve = await browser.post(
      '/auth/tv_code/approve',
      { user_code: pairing.user_code },
      ORIGIN,
    );
    expect(await refusal(approve)).toEqual([403, 'kid_profile', KID_TEXT]);
    const pending = await tv.post(
      '/auth/tv_code/token',
      { device_code: pairing.device_code },
      ORIGIN,
    );
    expect(pending.status).toBe(428);

    // Approved by an adult of another account, the code would sign the polling browser in there.
    const adult = await signedUp('adult-tv@mail.ru', '203.0.113.23');
    const again = (await (await tv.post('/auth/tv_code/', undefined, ORIGIN)).json()) as {
      device_code: string;
      user_code: string;
    };
    const approved = await adult.browser.post(
      '/auth/tv_code/approve',
      { user_code: again.user_code },
      ORIGIN,
    );
    expect(approved.status).toBe(200);
    const before = await sessionCount();
    const polled = await browser.post(
      '/auth/tv_code/token',
      { device_code: again.device_code },
      ORIGIN,
    );
    expect(await refusal(polled)).toEqual([403, 'kid_profile', KID_TEXT]);
    expect(await sessionCount()).toBe(before);
    expect(await whoIs(browser)).toEqual({ userId: kidId, isKid: true });
  });
});

describe('signing in from a kid profile while parental control is Undefined', () => {
  it('is let through, as signing out is: the browser lands in the adult profile', async () => {
    const { browser } = await kidBrowser('kid-free@mail.ru', { pin: false });
    const res = await browser.post('/auth/email/sign_in/', {
      email: 'kid-free@mail.ru',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await whoIs(browser)).isKid).toBe(false);
  });
});
