import { env } from 'cloudflare:workers';
import { sign } from 'hono/jwt';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from './test-support.ts';

const messages = recordMessages();
const SECRET = 'dev-only-jwt-secret-change-me';
const PASSWORD = 'correct horse 1';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const claims = (token: string) =>
  JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<
    string,
    unknown
  >;

/** A browser that has signed up (session cookie, token and id cookies). */
async function signedIn(email = 'anna@mail.ru', ip = '203.0.113.10') {
  const browser = new Browser(ip);
  const answer = await signUp(browser, messages, email);
  return { browser, answer };
}

/** Another device of the same account. */
async function otherDevice(email = 'anna@mail.ru', ip = '203.0.113.11') {
  const browser = new Browser(ip);
  const res = await browser.post(
    '/auth/email/sign_in/',
    { email, password: PASSWORD },
    {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    },
  );
  if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
  return browser;
}

beforeEach(async () => {
  await resetAccounts();
  messages.clear();
});

describe('POST /auth/jwt/renew/', () => {
  it('issues a fresh 15-minute token from the HttpOnly session cookie alone and marks the session seen', async () => {
    const { browser, answer } = await signedIn();
    await env.DB.prepare('UPDATE sessions SET last_seen_at = 0').run();
    const res = await browser.fetch('/auth/jwt/renew/', {
      method: 'POST',
      headers: { cookie: `session=${browser.cookies.get('session')}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string };
    expect(body).toMatchObject({
      accountId: answer.accountId,
      userId: answer.userId,
      billingId: answer.billingId,
      isKid: false,
    });
    expect(claims(body.token)).toMatchObject({
      hash: expect.any(String),
      sid: browser.cookies.get('session')!.split('.')[0],
    });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('token='))).toContain(body.token);
    expect(
      (await env.DB.prepare('SELECT last_seen_at AS t FROM sessions').first<{ t: number }>())!.t,
    ).toBeGreaterThan(0);
  });

  it('renews a token whose payload lacks the hash (docs/product.md, «How things change») while its session is live', async () => {
    const { answer } = await signedIn();
    const { hash: _hash, ...rest } = claims(answer.token);
    const hashless = await sign({ ...rest }, SECRET);
    const res = await new Browser().post('/auth/jwt/renew/', undefined, bearer(hashless));
    expect(res.status).toBe(200);
    expect(claims(((await res.json()) as { token: string }).token).hash).toEqual(
      expect.any(String),
    );
  });

  it('answers 401 without a session, for a forged token, and for a revoked session', async () => {
    const { browser, answer } = await signedIn();
    expect((await new Browser().post('/auth/jwt/renew/')).status).toBe(401);
    const forged = await sign({ ...claims(answer.token) }, 'another-secret');
    expect((await new Browser().post('/auth/jwt/renew/', undefined, bearer(forged))).status).toBe(
      401,
    );
    await env.DB.prepare('UPDATE sessions SET revoked_at = unixepoch()').run();
    const revoked = await new Browser().post('/auth/jwt/renew/', undefined, {
      cookie: `session=${browser.cookies.get('session')}`,
    });
    expect([revoked.status, await revoked.json()]).toEqual([
      401,
      { message: 'Войдите в аккаунт', details: { reason: 'unauthorized' } },
    ]);
    expect(revoked.headers.getSetCookie().find((c) => c.startsWith('session='))).toMatch(
      /^session=; Max-Age=0/,
    );
  });

  it('refuses a renewal posted from another site', async () => {
    const { browser } = await signedIn();
    expect(
      (await browser.post('/auth/jwt/renew/', undefined, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
  });
});

describe('edge renewal', () => {
  it('a request with only the session cookie gets a fresh token and id cookies, and counts as signed in', async () => {
    const { browser, answer } = await signedIn();
    const res = await call('/auth/account/', browser, {
      cookie: `session=${browser.cookies.get('session')}`,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: answer.accountId, email: 'anna@mail.ru' });
    const set = res.headers.getSetCookie();
    for (const name of ['token', 'account_id', 'user_id', 'billing_id', 'is_kid'])
      expect(
        set.some((c) => c.startsWith(`${name}=`) && !c.includes('Max-Age=0')),
        name,
      ).toBe(true);
    expect(set.some((c) => c.startsWith('session='))).toBe(false);
  });

  it('replaces an expired token the same way, and leaves a valid one alone (no D1 read)', async () => {
    const { browser, answer } = await signedIn();
    const expired = await sign(
      { ...claims(answer.token), exp: Math.floor(Date.now() / 1000) - 10 },
      SECRET,
    );
    const renewed = await call('/api/client/features/disable-dazn', browser, {
      cookie: `session=${browser.cookies.get('session')}; token=${expired}`,
    });
    expect(renewed.headers.getSetCookie().some((c) => c.startsWith('token=ey'))).toBe(true);
    const meter = async () =>
      (
        (await (await call('/dev/api/d1-meter', new Browser(), {})).json()) as {
          roundTrips: number;
        }
      ).roundTrips;
    const before = await meter();
    const fresh = await call('/api/health', browser, {});
    expect(fresh.headers.getSetCookie().some((c) => c.startsWith('token='))).toBe(false);
    expect(await meter()).toBe(before);
  });

  it('clears a session cookie whose session has ended', async () => {
    const { browser } = await signedIn();
    await env.DB.prepare('UPDATE sessions SET revoked_at = unixepoch()').run();
    const res = await call('/api/health', browser, {
      cookie: `session=${browser.cookies.get('session')}`,
    });
    const set = res.headers.getSetCookie();
    expect(set.find((c) => c.startsWith('session='))).toMatch(
      /^session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(set.find((c) => c.startsWith('token='))).toMatch(/^token=; Max-Age=0/);
  });
});

describe('GET /auth/account/', () => {
  it('answers the account with its social links (none yet); 401 in the envelope for guests', async () => {
    const { browser, answer } = await signedIn();
    const res = await browser.fetch('/auth/account/');
    expect(await res.json()).toEqual({
      id: answer.accountId,
      email: 'anna@mail.ru',
      phone: null,
      hasPassword: true,
      billingId: answer.billingId,
      createdAt: expect.any(Number),
      socials: { fb: false, vk: false, ok: false, ya: false, gp: false },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const guest = await new Browser().fetch('/auth/account/');
    expect([guest.status, await guest.json()]).toEqual([
      401,
      { message: 'Войдите в аккаунт', details: { reason: 'unauthorized' } },
    ]);
  });

  it('refuses tokens without a session id (as tests fake them) and the token of a revoked session at once', async () => {
    const fake = await sign(
      {
        hash: 'e2e',
        acc: 1,
        sub: 1,
        bil: 1,
        kid: false,
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      SECRET,
    );
    expect((await new Browser().fetch('/auth/account/', { headers: bearer(fake) })).status).toBe(
      401,
    );
    const { answer } = await signedIn();
    expect(
      (await new Browser().fetch('/auth/account/', { headers: bearer(answer.token) })).status,
    ).toBe(200);
    await env.DB.prepare('UPDATE sessions SET revoked_at = unixepoch()').run();
    const res = await new Browser().fetch('/auth/account/', { headers: bearer(answer.token) });
    expect([res.status, await res.json()]).toEqual([
      401,
      { message: 'Сеанс завершён. Войдите снова', details: { reason: 'session_ended' } },
    ]);
  });
});

describe('POST /auth/logout/', () => {
  it('revokes the session and clears the session, id, purchase-flow and PIN cookies; the old token is refused', async () => {
    const { browser, answer } = await signedIn();
    const res = await browser.post('/auth/logout/', undefined, {
      cookie: `${browser.header()}; tariffId=7; subscriptionId=1; isGift=1; paymentOrderId=o-1; pin_status=entered`,
    });
    expect([res.status, await res.json()]).toEqual([200, { status: 'logged_out' }]);
    const cleared = res.headers
      .getSetCookie()
      .filter((c) => /Max-Age=0/.test(c))
      .map((c) => c.split('=')[0]);
    expect(cleared.sort()).toEqual(
      [
        'account_id',
        'billing_id',
        'is_kid',
        'isGift',
        'isHBO',
        'paymentOrderId',
        'pin_status',
        'session',
        'subscriptionId',
        'tariffId',
        'tariffType',
        'token',
        'user_id',
      ].sort(),
    );
    expect(
      (await env.DB.prepare('SELECT revoked_at AS r FROM sessions').first<{ r: number | null }>())!
        .r,
    ).not.toBeNull();
    expect(
      (await new Browser().fetch('/auth/account/', { headers: bearer(answer.token) })).status,
    ).toBe(401);
  });

  it('succeeds when already logged out', async () => {
    const res = await new Browser().post('/auth/logout/');
    expect([res.status, await res.json()]).toEqual([200, { status: 'logged_out' }]);
  });

  it('is not overridden by the edge renewal of the same request', async () => {
    const { browser } = await signedIn();
    const res = await browser.post('/auth/logout/', undefined, {
      cookie: `session=${browser.cookies.get('session')}`,
    });
    expect(
      res.headers
        .getSetCookie()
        .filter((c) => c.startsWith('token='))
        .every((c) => c.includes('Max-Age=0')),
    ).toBe(true);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL').first<{
        n: number;
      }>())!.n,
    ).toBe(0);
  });

  it('refuses a logout posted from another site', async () => {
    const { browser } = await signedIn();
    expect(
      (await browser.post('/auth/logout/', undefined, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL').first<{
        n: number;
      }>())!.n,
    ).toBe(1);
  });
});

describe('device sessions (/auth/sessions/)', () => {
  it('lists every signed-in device with type, name, country and last activity, marking this one', async () => {
    const { browser } = await signedIn();
    await otherDevice();
    const res = await browser.fetch('/auth/sessions/');
    const { count, results } = (await res.json()) as {
      count: number;
      results: Record<string, unknown>[];
    };
    expect(count).toBe(2);
    expect(results.filter((s) => s.current)).toHaveLength(1);
    expect(results.find((s) => !s.current)).toMatchObject({
      deviceType: 'mobile',
      deviceName: 'Mobile Safari 17 · iOS 17',
      country: 'RU',
      lastSeenAt: expect.any(Number),
    });
    expect(JSON.stringify(results)).not.toMatch(/secret|hash/i);
  });

  it('ends one device: its token is refused at once; another account cannot end it', async () => {
    const { browser } = await signedIn();
    const phone = await otherDevice();
    const { results } = (await (await browser.fetch('/auth/sessions/')).json()) as {
      results: { id: string; current: boolean }[];
    };
    const target = results.find((s) => !s.current)!.id;

    const stranger = await signedIn('boris@mail.ru', '203.0.113.12');
    const foreign = await stranger.browser.fetch(`/auth/sessions/${target}/`, { method: 'DELETE' });
    expect([foreign.status, await foreign.json()]).toEqual([
      404,
      {
        message: 'Такого устройства нет среди ваших сеансов',
        details: { reason: 'session_not_found' },
      },
    ]);

    const res = await browser.fetch(`/auth/sessions/${target}/`, { method: 'DELETE' });
    expect([res.status, await res.json()]).toEqual([200, { status: 'revoked', endedSessions: 1 }]);
    expect((await phone.fetch('/auth/account/')).status).toBe(401);
    expect((await browser.fetch('/auth/account/')).status).toBe(200);
  });

  it('ends all other devices and keeps this one', async () => {
    const { browser } = await signedIn();
    const a = await otherDevice('anna@mail.ru', '203.0.113.13');
    const b = await otherDevice('anna@mail.ru', '203.0.113.14');
    const res = await browser.post('/auth/sessions/revoke-others/');
    expect(await res.json()).toEqual({ status: 'revoked', endedSessions: 2 });
    expect((await a.fetch('/auth/account/')).status).toBe(401);
    expect((await b.fetch('/auth/account/')).status).toBe(401);
    expect((await browser.fetch('/auth/account/')).status).toBe(200);
  });

  it('a new sign-in in the same browser ends the session it replaces', async () => {
    const { browser } = await signedIn();
    expect(
      (await browser.post('/auth/email/sign_in/', { email: 'anna@mail.ru', password: PASSWORD }))
        .status,
    ).toBe(200);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL').first<{
        n: number;
      }>())!.n,
    ).toBe(1);
  });
});

/** One request with an explicit Cookie header (not the jar's), the answer still kept by the jar. */
function call(path: string, browser: Browser, headers: Record<string, string>) {
  return browser.fetch(path, { headers });
}
