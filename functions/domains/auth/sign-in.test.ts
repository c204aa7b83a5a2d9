import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNow, leastRetryAfter, withoutWaiting } from '../../test-helpers.ts';
import { Browser, recordMessages, resetAccounts, signUp } from './test-support.ts';

const messages = recordMessages();
const PASSWORD = 'correct horse 1';
const WRONG = { message: 'Неверный e-mail или пароль', details: { reason: 'invalid_credentials' } };
const LOCKED = {
  message:
    'Слишком много неудачных попыток входа. Вход временно заблокирован — попробуйте позже или восстановите пароль',
  details: { reason: 'sign_in_locked' },
};
const post = (browser: Browser, email: string, password: string) =>
  browser.post('/auth/email/sign_in/', { email, password });
/** A sign-in attempt; the throttle's delay after a wrong password passes on the fake clock. */
const signIn = (browser: Browser, email: string, password: string) =>
  withoutWaiting(post(browser, email, password));

describe('POST /auth/email/sign_in/', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await resetAccounts();
    await signUp(new Browser('198.51.100.1'), messages, 'anna@mail.ru');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs in with the right password: 200, token answer, a new device session and the cookies', async () => {
    const browser = new Browser();
    const res = await signIn(browser, 'ANNA@mail.ru', PASSWORD);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; accountId: number };
    expect(body).toMatchObject({
      accountId: expect.any(Number),
      userId: expect.any(Number),
      billingId: expect.any(String),
      isKid: false,
    });
    expect(browser.cookies.get('token')).toBe(body.token);
    expect(browser.cookies.get('account_id')).toBe(String(body.accountId));
    expect(browser.cookies.get('session')).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const payload = JSON.parse(
      atob(body.token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    );
    expect(payload).toMatchObject({
      hash: expect.any(String),
      acc: body.accountId,
      sid: browser.cookies.get('session')!.split('.')[0],
    });
    expect(payload.exp - payload.iat).toBe(900);
    expect(
      (
        await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL').first<{
          n: number;
        }>()
      )?.n,
    ).toBe(2);
  });

  it('answers a wrong password and an unknown e-mail with the same status and text', async () => {
    const wrong = await signIn(new Browser(), 'anna@mail.ru', 'wrong password');
    const unknown = await signIn(new Browser(), 'nobody@mail.ru', 'wrong password');
    expect([wrong.status, await wrong.json()]).toEqual([401, WRONG]);
    expect([unknown.status, await unknown.json()]).toEqual([401, WRONG]);
    // Neither signs in. Both counted the attempt (a write), so both carry the D1 bookmark alike.
    const cookieNames = (res: Response) =>
      res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')));
    expect(cookieNames(wrong).filter((n) => n !== 'device_id')).toEqual(['d1_bookmark']);
    expect(cookieNames(unknown)).toEqual(cookieNames(wrong));
  });

  it('locks an e-mail after 5 failures for 15 minutes (429, Retry-After), even for the right password; unknown e-mails lock the same way', async () => {
    for (const email of ['anna@mail.ru', 'nobody@mail.ru']) {
      const browser = new Browser();
      const delays: number[] = [];
      const since = Date.now();
      for (let i = 1; i <= 5; i++) {
        const before = fakeNow();
        const res = await signIn(browser, email, `wrong ${i}`);
        delays.push(fakeNow() - before);
        expect([res.status, await res.json()], `${email} attempt ${i}`).toEqual([401, WRONG]);
      }
      // Each failure answers after a longer wait (docs/decisions.md, «Accounts»).
      expect(delays, email).toEqual([0, 200, 400, 800, 1600]);
      const locked = await signIn(browser, email, PASSWORD);
      expect([locked.status, await locked.json()], email).toEqual([429, LOCKED]);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(leastRetryAfter(900, since));
      expect(retryAfter).toBeLessThanOrEqual(900);
    }
    // Another address is not affected.
    await signUp(new Browser('198.51.100.2'), messages, 'boris@mail.ru');
    expect((await signIn(new Browser(), 'boris@mail.ru', PASSWORD)).status).toBe(200);
  }, 15_000);

  it('lets the lock end after 15 minutes, and a success clears earlier failures', async () => {
    const browser = new Browser();
    for (let i = 0; i < 4; i++) await signIn(browser, 'anna@mail.ru', 'wrong');
    expect((await signIn(browser, 'anna@mail.ru', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signIn(browser, 'anna@mail.ru', 'wrong')).status).toBe(401);
    expect((await signIn(browser, 'anna@mail.ru', 'wrong')).status).toBe(401);
    expect((await signIn(browser, 'anna@mail.ru', PASSWORD)).status).toBe(429);
    await env.DB.prepare('UPDATE rate_limits SET reset_at = unixepoch() - 1').run(); // 15 minutes later
    expect((await signIn(browser, 'anna@mail.ru', PASSWORD)).status).toBe(200);
  }, 15_000);

  it("lets the owner in from a browser that has signed in before, whatever a stranger's wrong guesses did", async () => {
    const owner = new Browser('198.51.100.20');
    const first = await signIn(owner, 'anna@mail.ru', PASSWORD);
    expect(first.status).toBe(200);
    const trust = first.headers.getSetCookie().find((c) => c.startsWith('trusted_device='));
    expect(trust).toMatch(/HttpOnly/i);
    expect(trust).not.toContain('anna');

    const stranger = new Browser('203.0.113.66');
    for (let i = 1; i <= 5; i++)
      expect((await signIn(stranger, 'anna@mail.ru', `guess ${i}`)).status).toBe(401);
    // Strangers stay locked out, even with the right password…
    expect((await signIn(stranger, 'anna@mail.ru', PASSWORD)).status).toBe(429);
    expect((await signIn(new Browser('203.0.113.67'), 'anna@mail.ru', PASSWORD)).status).toBe(429);
    // …but the owner's browser is not.
    expect((await signIn(owner, 'anna@mail.ru', PASSWORD)).status).toBe(200);
  }, 15_000);

  it('locks out only the device cookie when the guesses come with it; a forged or foreign cookie earns no trust', async () => {
    const device = new Browser('198.51.100.21');
    expect((await signIn(device, 'anna@mail.ru', PASSWORD)).status).toBe(200);
    for (let i = 1; i <= 5; i++)
      expect((await signIn(device, 'anna@mail.ru', `wrong ${i}`)).status).toBe(401);
    expect([(await signIn(device, 'anna@mail.ru', PASSWORD)).status]).toEqual([429]);
    // The device's failures are its own: another browser signs in.
    expect((await signIn(new Browser('198.51.100.22'), 'anna@mail.ru', PASSWORD)).status).toBe(200);

    // A stranger with a device cookie of their own account, or a tampered one, is a stranger.
    await signUp(new Browser('198.51.100.23'), messages, 'boris@mail.ru');
    const stranger = new Browser('203.0.113.68');
    expect((await signIn(stranger, 'boris@mail.ru', PASSWORD)).status).toBe(200);
    const forged = new Browser('203.0.113.69');
    const boris = stranger.cookies.get('trusted_device')!;
    forged.cookies.set('trusted_device', boris.replace(/\.[^.]*$/, '.forged'));
    for (let i = 1; i <= 3; i++) await signIn(stranger, 'anna@mail.ru', `guess ${i}`);
    for (let i = 4; i <= 5; i++) await signIn(forged, 'anna@mail.ru', `guess ${i}`);
    expect((await signIn(new Browser('203.0.113.70'), 'anna@mail.ru', PASSWORD)).status).toBe(429);
  }, 20_000);

  it('checks at most 5 passwords however many attempts arrive at once', async () => {
    const attempts = await withoutWaiting(
      Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(new Browser(`198.51.100.${50 + i}`), 'anna@mail.ru', `guess ${i}`),
        ),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('limits password checks per IP to 30 in 10 minutes, whatever the e-mail (429 with Retry-After)', async () => {
    const browser = new Browser('192.0.2.77');
    const since = Date.now();
    for (let i = 0; i < 30; i++)
      expect((await signIn(browser, `spray${i}@mail.ru`, 'password1')).status).toBe(401);
    const limited = await signIn(browser, 'anna@mail.ru', PASSWORD);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { details: { reason: string } }).details.reason).toBe(
      'rate_limited',
    );
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(leastRetryAfter(600, since));
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another IP still gets in.
    expect((await signIn(new Browser('192.0.2.78'), 'anna@mail.ru', PASSWORD)).status).toBe(200);
  });

  it('stores no address or IP in the throttle table, only keyed hashes', async () => {
    await signIn(new Browser('192.0.2.99'), 'anna@mail.ru', 'wrong');
    const { results } = await env.DB.prepare('SELECT key FROM rate_limits').all<{ key: string }>();
    expect(results.length).toBeGreaterThan(0);
    for (const { key } of results) expect(key).toMatch(/^[a-z-]+:[A-Za-z0-9_-]{32}$/);
  });

  it('refuses a sign-in posted from another site (CSRF) before looking at it', async () => {
    const res = await new Browser().post(
      '/auth/email/sign_in/',
      { email: 'anna@mail.ru', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect([res.status, await res.json()]).toEqual([
      403,
      { message: 'Запрос отклонён: он пришёл не с нашего сайта', details: { reason: 'csrf' } },
    ]);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    const sameSite = await new Browser().post(
      '/auth/email/sign_in/',
      { email: 'anna@mail.ru', password: PASSWORD },
      { origin: 'http://localhost:8787' },
    );
    expect(sameSite.status).toBe(200);
  });

  it('refuses a body over 8 KB with 413 before parsing it', async () => {
    const res = await new Browser().post('/auth/email/sign_in/', {
      email: 'anna@mail.ru',
      password: 'x'.repeat(9000),
    });
    expect([res.status, await res.json()]).toEqual([
      413,
      { message: 'Слишком большой запрос', details: { reason: 'payload_too_large' } },
    ]);
  });

  it('refuses bad input with 422 in Russian', async () => {
    const res = await new Browser().post('/auth/email/sign_in/', { email: 'anna@mail.ru' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'Укажите пароль',
      details: expect.objectContaining({ reason: 'invalid_field' }),
    });
    const empty = await new Browser().post('/auth/email/sign_in/', {
      email: 'anna@mail.ru',
      password: '',
    });
    expect([empty.status, await empty.json()]).toEqual([
      422,
      { message: 'Введите пароль', details: expect.objectContaining({ reason: 'invalid_field' }) },
    ]);
  });
});
