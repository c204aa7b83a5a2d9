import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.ts';
import { callWithVars } from '../../test-helpers.ts';
import { Browser, recordMessages, resetAccounts, signUp } from '../auth/test-support.ts';

const messages = recordMessages();

const count = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const pathOf = (location: string | null) => {
  const url = new URL(location ?? '', 'http://localhost:8787');
  return url.pathname + url.search;
};

interface Consent {
  /** A preset user of the local provider (0 Иван, 1 Мария, 2 without e-mail), or a typed one. */
  user?: number | { name: string; email: string };
  decision?: 'allow' | 'deny';
}

/** The provider's part: open the authorize page, choose, and answer the check URL it redirects to. */
async function consent(browser: Browser, authorizeUrl: string, o: Consent = {}): Promise<string> {
  const page = await browser.fetch(pathOf(authorizeUrl));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Разрешить');
  const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
  const user = o.user ?? 0;
  if (typeof user === 'number') form.set('user', String(user));
  else {
    form.set('user', 'custom');
    form.set('name', user.name);
    form.set('email', user.email);
  }
  form.set('decision', o.decision ?? 'allow');
  const chosen = await browser.fetch(new URL(authorizeUrl).pathname, {
    method: 'POST',
    body: form,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:8787',
    },
  });
  expect(chosen.status).toBe(302);
  return pathOf(chosen.headers.get('location'));
}

/** A whole social sign-in from the sign-in screen's link; answers the final redirect. */
async function socialSignIn(
  browser: Browser,
  provider: string,
  o: Consent & { backPath?: string } = {},
) {
  const start = await browser.fetch(
    `/auth/socials/${provider}/sign-in${o.backPath ? `?backPath=${encodeURIComponent(o.backPath)}` : ''}`,
  );
  expect(start.status).toBe(302);
  const authorizeUrl = start.headers.get('location')!;
  const checkUrl = await consent(browser, authorizeUrl, o);
  const done = await browser.fetch(checkUrl);
  expect(done.status).toBe(302);
  return { authorizeUrl, checkUrl, location: pathOf(done.headers.get('location')), response: done };
}

async function account(browser: Browser) {
  const res = await browser.fetch('/auth/account/');
  return {
    status: res.status,
    body: (await res.json()) as {
      id: number;
      email: string | null;
      hasPassword: boolean;
      socials: Record<string, boolean>;
    },
  };
}

/** Bind from a signed-in browser through the API (JSON), then the provider's part and the check. */
async function bind(browser: Browser, provider: string, o: Consent = {}) {
  const res = await browser.post(
    `/auth/socials/${provider}/bind`,
    {},
    { origin: 'http://localhost:8787' },
  );
  expect(res.status).toBe(200);
  const { authorizeUrl } = (await res.json()) as { authorizeUrl: string };
  const done = await browser.fetch(await consent(browser, authorizeUrl, o));
  expect(done.status).toBe(302);
  return pathOf(done.headers.get('location'));
}

beforeEach(async () => {
  await resetAccounts();
  await env.DB.batch(
    ['social_links', 'oauth_states', 'dev_oauth_grants'].map((t) =>
      env.DB.prepare(`DELETE FROM ${t}`),
    ),
  );
  messages.clear();
});

describe('social sign-in with the local provider', () => {
  it('creates the account, its first adult profile, the link and the session, and returns to the back path', async () => {
    const browser = new Browser();
    const { authorizeUrl, location } = await socialSignIn(browser, 'ya', {
      backPath: '/series?genre=drama',
    });
    expect(location).toBe('/series?genre=drama');
    const authorize = new URL(authorizeUrl);
    expect(authorize.pathname).toBe('/dev/oauth/ya/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'local-ya',
      redirect_uri: 'http://localhost:8787/auth/socials/ya/check',
      code_challenge_method: 'S256',
    });
    // S256: the challenge sent is SHA-256 of the verifier kept server-side, not the verifier itself.
    const row = await env.DB.prepare(
      'SELECT code_verifier AS v, consumed_at AS c FROM oauth_states',
    ).first<{ v: string; c: number | null }>();
    expect(authorize.searchParams.get('code_challenge')).toBe(await sha256(row!.v));
    expect(authorize.searchParams.get('code_challenge')).not.toBe(row!.v);
    expect(row!.c).not.toBeNull();
    expect(browser.cookies.get('session')).toBeTruthy();
    expect(browser.cookies.has('social_state')).toBe(false);
    const { body } = await account(browser);
    expect(body).toMatchObject({
      email: 'ivan@example.ru',
      hasPassword: false,
      socials: { fb: false, vk: false, ok: false, ya: true, gp: false },
    });
    expect(await env.DB.prepare('SELECT name, is_kid AS kid FROM profiles').all()).toMatchObject({
      results: [{ name: 'Иван Петров', kid: 0 }],
    });
  });

  it('signs the same identity in to the same account the next time', async () => {
    await socialSignIn(new Browser(), 'gp');
    const again = new Browser('203.0.113.20');
    await socialSignIn(again, 'gp');
    expect(await count('accounts')).toBe(1);
    expect(await count('social_links')).toBe(1);
    expect(await count('sessions')).toBe(2);
    expect((await account(again)).body.socials.gp).toBe(true);
  });

  it("reads each provider's own user-info shape (vk, ok, ya, gp, fb), VK ID's device_id echoed", async () => {
    for (const provider of ['vk', 'ok', 'ya', 'gp', 'fb']) {
      const browser = new Browser();
      const { location } = await socialSignIn(browser, provider, {
        user: { name: `Тест ${provider}`, email: `${provider}@example.ru` },
      });
      expect(location).toBe('/');
      expect((await account(browser)).body).toMatchObject({
        email: `${provider}@example.ru`,
        socials: { [provider]: true },
      });
    }
    expect(await count('accounts')).toBe(5);
  });

  it('refuses a replayed state: the check URL works once', async () => {
    const browser = new Browser();
    const { checkUrl } = await socialSignIn(browser, 'vk');
    const sessions = await count('sessions');
    const replay = await browser.fetch(checkUrl);
    expect(replay.status).toBe(302);
    expect(pathOf(replay.headers.get('location'))).toMatch(
      /^\/settings\/account\?socialError=state_invalid&social=vk$/,
    );
    const guest = new Browser('203.0.113.30');
    guest.cookies.set('social_state', new URL(checkUrl, 'http://x').searchParams.get('state')!);
    const stolen = await guest.fetch(checkUrl);
    expect(pathOf(stolen.headers.get('location'))).toBe(
      '/auth?socialError=state_invalid&social=vk',
    );
    expect(await count('sessions')).toBe(sessions);
  });

  it('refuses a state this browser did not start (login CSRF) and spends nothing', async () => {
    const attacker = new Browser('198.51.100.1');
    const start = await attacker.fetch('/auth/socials/ya/sign-in');
    const checkUrl = await consent(attacker, start.headers.get('location')!);
    const victim = new Browser('203.0.113.40');
    const res = await victim.fetch(checkUrl);
    expect(pathOf(res.headers.get('location'))).toBe('/auth?socialError=state_invalid&social=ya');
    expect(victim.cookies.has('session')).toBe(false);
    expect(await count('accounts')).toBe(0);
  });

  it('refuses an expired state', async () => {
    const browser = new Browser();
    const start = await browser.fetch('/auth/socials/ok/sign-in');
    const checkUrl = await consent(browser, start.headers.get('location')!);
    await env.DB.prepare('UPDATE oauth_states SET expires_at = 0').run();
    const res = await browser.fetch(checkUrl);
    expect(pathOf(res.headers.get('location'))).toBe('/auth?socialError=state_invalid&social=ok');
    expect(await count('accounts')).toBe(0);
  });

  it('checks PKCE: a code sent with another verifier is refused by the provider', async () => {
    const browser = new Browser();
    const start = await browser.fetch('/auth/socials/gp/sign-in');
    const checkUrl = await consent(browser, start.headers.get('location')!);
    await env.DB.prepare(
      "UPDATE oauth_states SET code_verifier = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'",
    ).run();
    const res = await browser.fetch(checkUrl);
    expect(pathOf(res.headers.get('location'))).toBe('/auth?socialError=provider_error&social=gp');
    expect(await count('accounts')).toBe(0);
    // The provider spent the code all the same: it cannot be tried again with the right verifier.
    expect(
      await env.DB.prepare('SELECT used_at AS u FROM dev_oauth_grants').first<{
        u: number | null;
      }>(),
    ).toMatchObject({ u: expect.any(Number) });
  });

  it('answers 404 for a provider it does not know', async () => {
    for (const path of [
      '/auth/socials/twitter/sign-in',
      '/auth/socials/twitter/check?code=x&state=y',
      '/dev/oauth/twitter/authorize',
    ]) {
      const res = await new Browser().fetch(path);
      expect(res.status, path).toBe(404);
    }
    const body = (await (await new Browser().fetch('/auth/socials/mailru/sign-in')).json()) as {
      message: string;
      details: { reason: string };
    };
    expect(body).toEqual({
      message: 'Такого способа входа нет',
      details: { reason: 'unknown_provider' },
    });
  });

  it('comes back with the cancelled popup when the viewer refuses at the provider', async () => {
    const { location } = await socialSignIn(new Browser(), 'fb', {
      decision: 'deny',
      backPath: '/movies',
    });
    expect(location).toBe('/auth?socialError=cancelled&social=fb&backPath=%2Fmovies');
  });

  it('needs a confirmed e-mail for a new account, and never joins an existing e-mail account', async () => {
    const { location } = await socialSignIn(new Browser(), 'vk', { user: 2 });
    expect(location).toBe('/auth?socialError=email_required&social=vk');
    const owner = new Browser('203.0.113.50');
    await signUp(owner, messages, 'maria@example.ru');
    const taken = await socialSignIn(new Browser(), 'vk', { user: 1 });
    expect(taken.location).toBe('/auth?socialError=email_taken&social=vk');
    expect(await count('accounts')).toBe(1);
    expect(await count('social_links')).toBe(0);
    expect(await count('profiles')).toBe(1);
    expect(await count('sessions')).toBe(1);
  });

  it('creates account, profile, link and session atomically: one failing write leaves none of them', async () => {
    await env.DB.prepare(
      "CREATE TRIGGER test_fail_link BEFORE INSERT ON social_links BEGIN SELECT RAISE(ABORT, 'test failure'); END",
    ).run();
    try {
      const browser = new Browser();
      const start = await browser.fetch('/auth/socials/ya/sign-in');
      const res = await browser.fetch(await consent(browser, start.headers.get('location')!));
      expect(res.status).toBe(500);
      expect([
        await count('accounts'),
        await count('profiles'),
        await count('sessions'),
        await count('social_links'),
      ]).toEqual([0, 0, 0, 0]);
    } finally {
      await env.DB.prepare('DROP TRIGGER test_fail_link').run();
    }
  });

  it('is unavailable without dev routes when no real client is configured, and the local provider is gone', async () => {
    const production = { ENVIRONMENT: 'production', DEV_ROUTES: 'false' };
    const start = await callWithVars(production, '/auth/socials/ya/sign-in', {
      headers: { 'cf-connecting-ip': '203.0.113.60' },
    });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/auth?socialError=provider_unavailable&social=ya');
    expect((await callWithVars(production, '/dev/oauth/ya/authorize')).status).toBe(404);
  });

  it('points a configured real provider at its own authorize URL', async () => {
    const vars = {
      SOCIAL_PROVIDER_MODE: 'real',
      SOCIAL_YA_CLIENT_ID: 'ya-client',
      SOCIAL_YA_CLIENT_SECRET: 'ya-secret',
    };
    const start = await callWithVars(vars, '/auth/socials/ya/sign-in', {
      headers: { 'cf-connecting-ip': '203.0.113.61' },
    });
    const url = new URL(start.headers.get('location')!);
    expect(url.origin + url.pathname).toBe('https://oauth.yandex.ru/authorize');
    expect(url.searchParams.get('client_id')).toBe('ya-client');
    expect(url.searchParams.get('scope')).toBe('login:email login:info');
  });
});

describe('bind and unbind', () => {
  it('links a provider to the signed-in account; that identity then signs in to it', async () => {
    const browser = new Browser();
    const { accountId } = await signUp(browser, messages, 'anna@mail.ru');
    expect(await bind(browser, 'vk', { user: { name: 'Анна', email: 'anna.vk@example.ru' } })).toBe(
      '/settings/account',
    );
    expect((await account(browser)).body.socials).toEqual({
      fb: false,
      vk: true,
      ok: false,
      ya: false,
      gp: false,
    });
    const phone = new Browser('203.0.113.70');
    await socialSignIn(phone, 'vk', { user: { name: 'Анна', email: 'anna.vk@example.ru' } });
    expect((await account(phone)).body.id).toBe(accountId);
    expect(await count('accounts')).toBe(1);
  });

  it('refuses an identity already linked to another account, and a second identity of the same provider', async () => {
    await socialSignIn(new Browser(), 'ya', { user: 0 });
    const browser = new Browser('203.0.113.71');
    await signUp(browser, messages, 'anna@mail.ru');
    expect(await bind(browser, 'ya', { user: 0 })).toBe(
      '/settings/account?socialError=linked_elsewhere&social=ya',
    );
    expect(await bind(browser, 'ya', { user: 1 })).toBe('/settings/account');
    expect(await bind(browser, 'ya', { user: { name: 'Другой', email: 'other@example.ru' } })).toBe(
      '/settings/account?socialError=already_bound&social=ya',
    );
  });

  it('needs a live session to start binding', async () => {
    const res = await new Browser().post(
      '/auth/socials/vk/bind',
      {},
      { origin: 'http://localhost:8787' },
    );
    expect(res.status).toBe(401);
  });

  it('will not unbind the only way to sign in, and unbinds once there is another', async () => {
    const browser = new Browser();
    await socialSignIn(browser, 'ya');
    const only = await browser.post(
      '/auth/socials/ya/unbind',
      {},
      { origin: 'http://localhost:8787' },
    );
    expect(only.status).toBe(409);
    expect(((await only.json()) as { details: { reason: string } }).details.reason).toBe(
      'last_method',
    );
    expect(await bind(browser, 'gp', { user: 0 })).toBe('/settings/account');
    const res = await browser.post(
      '/auth/socials/ya/unbind',
      {},
      { origin: 'http://localhost:8787' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'unbound',
      socials: { fb: false, vk: false, ok: false, ya: false, gp: true },
    });
    expect(
      (await browser.post('/auth/socials/ya/unbind', {}, { origin: 'http://localhost:8787' }))
        .status,
    ).toBe(404);
  });

  it('unbinds the only provider of an account that has a password; a settings form gets a redirect', async () => {
    const browser = new Browser();
    await signUp(browser, messages, 'anna@mail.ru');
    await bind(browser, 'fb');
    const res = await browser.fetch('/auth/socials/fb/unbind', {
      method: 'POST',
      body: new URLSearchParams(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:8787',
      },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/settings/account?unbound=fb');
    expect(await count('social_links')).toBe(0);
  });
});
