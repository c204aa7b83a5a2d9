import { env, exports } from 'cloudflare:workers';
import { Hono } from 'hono';
import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { apiGroups } from '../http/api-groups.ts';
import { callWithVars, eventually, fromEdgeCache, RETURNING } from '../test-helpers.ts';

/** The edge with the echo upstream of tests/upstream/echo-upstream.js as its API, content and billing host. */
const PROXY = { API_URL: 'http://upstream.test', UPSTREAM_TIMEOUT_MS: '8000' };
const edge = (path: string, init: RequestInit & { country?: string } = {}) =>
  callWithVars(PROXY, path, init);

/** What the echo upstream says it received. */
interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  served: number;
}

const tokenOf = (account: number) =>
  sign(
    {
      hash: 'h',
      acc: account,
      sub: account,
      bil: `b${account}`,
      exp: Math.floor(Date.now() / 1000) + 600,
    },
    env.JWT_SECRET!,
  );

/** The cache keeps its copy in the background (waitUntil): ask until it answers from the cache. */
const untilCached = (path: string, init: RequestInit = {}) =>
  fromEdgeCache(path, () => edge(path, init));

describe('edge proxy mode: what goes to the upstream', () => {
  it('sends the signed-in visitor’s token as a Bearer header and none of our cookies', async () => {
    const token = await tokenOf(41);
    const res = await edge('/auth/account/?deviceId=abc', {
      headers: {
        cookie: `${RETURNING.cookie}; token=${token}; session=s.secret; cookie_agreement=1`,
        'cf-connecting-ip': '203.0.113.7',
        'x-forwarded-for': '198.51.100.1',
      },
      country: 'KZ',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-upstream')).toBe('echo');
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({
      method: 'GET',
      path: '/auth/account/',
      query: { deviceId: 'abc' },
    });
    expect(echo.headers.authorization).toBe(`Bearer ${token}`);
    expect(echo.headers.cookie).toBeUndefined();
    expect(echo.headers['x-client-ip']).toBe('203.0.113.7');
    expect(echo.headers['x-client-country']).toBe('KZ');
    expect(echo.headers['x-forwarded-for']).toBeUndefined();
  });

  it('takes the Bearer from the HttpOnly session cookie alone, renewing the token at the edge', async () => {
    const { Browser, recordMessages, resetAccounts, signUp } = await import(
      '../domains/auth/test-support.ts'
    );
    await resetAccounts();
    const browser = new Browser();
    const { accountId } = await signUp(browser, recordMessages(), 'proxy@mail.ru');
    const res = await edge('/favourites/', {
      headers: { cookie: `session=${browser.cookies.get('session')}` },
    });
    const echo = (await res.json()) as Echo;
    const bearer = /^Bearer (.+)$/.exec(echo.headers.authorization ?? '')?.[1];
    expect(bearer).toBeTruthy();
    const claims = JSON.parse(atob(bearer!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    expect(claims.acc).toBe(accountId);
    expect(echo.headers.cookie).toBeUndefined();
    // The browser gets the renewed token as it would without the proxy.
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`token=${bearer}`))).toBe(true);
  });

  it('sends a guest’s request without any Authorization, even one the client wrote', async () => {
    const res = await edge('/api/client/features/enable-trailers?token=forged.query.token', {
      headers: { authorization: 'Bearer forged.token.value' },
    });
    const echo = (await res.json()) as Echo;
    expect(echo.headers.authorization).toBeUndefined();
    expect(echo.query.token).toBeUndefined();
  });

  it('passes a POST on with its method, body and content type, drops hop-by-hop headers both ways', async () => {
    const body = JSON.stringify({ email: 'anna@mail.ru', password: 'correct horse 1' });
    const res = await edge('/auth/email/sign_in/', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        connection: 'keep-alive, x-private-hop',
        'x-private-hop': 'secret',
        'keep-alive': 'timeout=5',
      },
      body,
    });
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({ method: 'POST', path: '/auth/email/sign_in/', body });
    expect(echo.headers['content-type']).toBe('application/json');
    expect(echo.headers['x-private-hop']).toBeUndefined();
    expect(echo.headers['keep-alive']).toBeUndefined();
    expect(echo.headers.origin).toBe('http://upstream.test');
    expect(res.headers.get('x-upstream-private')).toBeNull();
    expect(res.headers.get('keep-alive')).toBeNull();
  });

  it('refuses a body too big for the API at the edge, before it is read and sent on', async () => {
    const res = await edge('/billing/checkout/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: JSON.stringify({ note: 'я'.repeat(40_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('x-upstream')).toBeNull();
  });

  it('still refuses a cross-site write at the edge, before anything reaches the upstream', async () => {
    const res = await edge('/auth/logout/', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-upstream')).toBeNull();
  });

  it('keeps an upstream cookie on this site and an upstream redirect on this site', async () => {
    const cookie = await edge('/auth/users/?behave=cookie');
    expect(cookie.headers.getSetCookie()).toContain('upstream_pref=1; Path=/; HttpOnly');
    const moved = await edge('/auth/socials/vk/sign-in?behave=redirect', { redirect: 'manual' });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/auth/next/?from=upstream');
  });

  it('sends a compressed upstream answer on compressed only to a visitor that accepts it', async () => {
    const plain = await edge('/auth/users/?behave=gzip', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as Echo).path).toBe('/auth/users/');
    const gzip = await edge('/auth/users/?behave=gzip', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('makes an answer given to a viewer’s Bearer private, whatever Cache-Control the upstream sent', async () => {
    const res = await edge('/auth/users/', {
      headers: { cookie: `token=${await tokenOf(42)}` },
    });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('sends every forwarded group upstream, but for its local routes, and keeps the other groups here', async () => {
    const groups = apiGroups(new Hono());
    for (const { prefix, forwarded, mounts } of groups) {
      const res = await edge(`${prefix}/no/such/route`);
      await res.body?.cancel();
      expect(res.headers.get('x-upstream'), prefix).toBe(forwarded ? 'echo' : null);
      for (const { at } of mounts.filter((mount) => mount.local)) {
        const local = await edge(`${prefix}${at}`);
        await local.body?.cancel();
        expect(local.headers.get('x-upstream'), `${prefix}${at}`).toBeNull();
      }
    }
  });

  it('leaves pages, the stat collector, liveness and development routes to this Worker', async () => {
    const health = await edge('/api/health');
    expect(await health.json()).toEqual({ status: 'ok' });
    const outbox = await edge('/dev/api/d1-meter');
    expect(outbox.headers.get('x-upstream')).toBeNull();
  });

  it('costs nothing without an upstream: the API answers even where SITE_ORIGIN is missing', async () => {
    const res = await callWithVars(
      { ENVIRONMENT: 'production', DEV_ROUTES: 'false', SITE_ORIGIN: '' },
      '/api/health',
    );
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-upstream')).toBeNull();
  });

  it('answers everything itself when the upstream named is this site', async () => {
    const res = await callWithVars(
      { API_URL: 'http://localhost:8787/' },
      '/api/client/features/disable-dazn',
    );
    expect(res.headers.get('x-upstream')).toBeNull();
  });
});

describe('edge proxy mode: shared CMS reads', () => {
  it('keeps one copy per variant that no viewer’s cookie, token or address gets into', async () => {
    const path = '/cms/content/movies/?behave=public&page_size=7';
    const first = await edge(path, {
      headers: {
        cookie: `${RETURNING.cookie}; token=${await tokenOf(51)}`,
        'cf-connecting-ip': '203.0.113.51',
        'user-agent': 'Viewer A',
        'accept-language': 'kk-KZ',
        'if-none-match': '"viewer-a"',
      },
    });
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    const seen = (await first.json()) as Echo;
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-client-ip']).toBeUndefined();
    for (const name of ['user-agent', 'accept-language', 'if-none-match'])
      expect(seen.headers[name], name).toBeUndefined();
    // Another member, another device: the same copy, nothing of the first viewer in it.
    const other = await untilCached(path, {
      headers: {
        cookie: `device_id=00000000-0000-4000-8000-000000000001; token=${await tokenOf(52)}`,
      },
    });
    const text = await other.text();
    expect(JSON.parse(text).served).toBe(seen.served);
    for (const personal of ['203.0.113.51', 'Viewer A', RETURNING.cookie.split('=')[1]!])
      expect(text).not.toContain(personal);
    expect(other.headers.get('cache-control')).toBe(
      'public, max-age=60, s-maxage=300, stale-while-revalidate=600',
    );
  });

  it('sends a shared read without the client’s device, token and tracking parameters, which its key leaves out', async () => {
    const path = (token: string, device: string) =>
      `/cms/content/series/?behave=public&page_size=4&token=${token}&deviceId=${device}&utm_source=${device}`;
    const first = await edge(path('tokenOfViewerA', 'deviceOfViewerA'), { headers: RETURNING });
    expect(((await first.json()) as Echo).query).toEqual({ behave: 'public', page_size: '4' });
    const other = await untilCached(path('tokenOfViewerB', 'deviceOfViewerB'), {
      headers: RETURNING,
    });
    const text = await other.text();
    expect(text).not.toContain('ViewerA');
  });

  it('keeps guests, members and region groups apart, and never shares a kid profile’s read', async () => {
    const path = '/cms/catalogue/genres/?behave=public';
    await edge(path, { headers: RETURNING }).then((r) => r.arrayBuffer());
    await untilCached(path, { headers: RETURNING });
    const member = await edge(path, { headers: { cookie: `token=${await tokenOf(53)}` } });
    expect(member.headers.get('x-edge-cache')).toBe('MISS');
    const abroad = await edge(path, { headers: RETURNING, country: 'DE' });
    expect(abroad.headers.get('x-edge-cache')).toBe('MISS');
    const kidToken = await sign(
      {
        hash: 'h',
        acc: 54,
        sub: 55,
        bil: 'b',
        kid: true,
        exp: Math.floor(Date.now() / 1000) + 600,
      },
      env.JWT_SECRET!,
    );
    const kid = await edge(path, { headers: { cookie: `token=${kidToken}` } });
    expect(kid.headers.get('x-edge-cache')).toBe('BYPASS');
    expect(((await kid.json()) as Echo).headers.authorization).toBe(`Bearer ${kidToken}`);
  });

  it('sends a viewer’s own CMS reads (playback context, history) with the Bearer and never shares them', async () => {
    const token = await tokenOf(56);
    const path = '/cms/content_experience/history/';
    const res = await edge(path, { headers: { cookie: `token=${token}` } });
    expect(((await res.json()) as Echo).headers.authorization).toBe(`Bearer ${token}`);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const again = await edge(path, { headers: { cookie: `token=${await tokenOf(57)}` } });
    expect(again.headers.get('x-edge-cache')).not.toBe('HIT');
  });
});

describe('edge proxy mode: when the upstream fails', () => {
  it('passes the upstream’s own error envelope on with its status', async () => {
    const res = await edge('/auth/users/?behave=envelope', { method: 'POST', body: '{}' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: 'Профиль уже существует',
      details: { reason: 'profile_exists' },
    });
  });

  it('turns an unparseable error body into «Сервис недоступен. Попробуйте позже»', async () => {
    const res = await edge('/billing/tariffs/?behave=garbage');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      message: 'Сервис недоступен. Попробуйте позже',
      details: { reason: 'Server unavailable' },
    });
  });

  it('gives JSON that is not the envelope the envelope’s shape', async () => {
    const res = await edge('/billing/tariffs/?behave=json-error');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string; details: { reason: string } };
    expect(body.message).toBe('Сервис недоступен. Попробуйте позже');
    expect(body.details.reason).toBe('Server unavailable');
  });

  it('answers 503 in Russian when the upstream does not answer within the timeout', async () => {
    // The Worker's clock is fake: its 300 ms pass when the test moves them, the upstream's 5 s
    // (another Worker) are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const started = Date.now();
      const answer = callWithVars(
        { ...PROXY, UPSTREAM_TIMEOUT_MS: '300' },
        '/auth/users/?behave=slow&ms=5000',
      );
      await eventually('the Worker waiting on the upstream', () => vi.getTimerCount() === 1);
      await vi.advanceTimersByTimeAsync(300);
      const res = await answer;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        message: 'Сервис не ответил вовремя. Попробуйте позже',
        details: { reason: 'upstream_timeout' },
      });
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 503 in Russian when the upstream cannot be reached', async () => {
    const res = await edge('/auth/users/?behave=drop');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      message: 'Сервис недоступен. Попробуйте позже',
      details: { reason: 'upstream_unreachable' },
    });
  });
});

describe('edge proxy mode in front of a copy of this Worker', () => {
  beforeAll(loadCatalogueFixture);

  /** The network between the edge and its upstream: http://worker.test is this Worker without proxy vars. */
  async function withWorkerUpstream(run: (forwarded: Request[]) => Promise<void>) {
    const network = globalThis.fetch;
    const forwarded: Request[] = [];
    globalThis.fetch = (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.host !== 'worker.test') return network(request);
      forwarded.push(new Request(request.url, { headers: request.headers }));
      // The copy believes it is at the site's own origin, as a deployed copy believes its own.
      const headers = new Headers(request.headers);
      if (headers.has('origin')) headers.set('origin', 'http://localhost:8787');
      return exports.default.fetch(
        new Request(`http://localhost:8787${url.pathname}${url.search}`, {
          method: request.method,
          headers,
          body: request.body,
          redirect: 'manual',
        }),
      );
    };
    try {
      await run(forwarded);
    } finally {
      globalThis.fetch = network;
    }
  }

  const viaWorker = (path: string, init: RequestInit = {}) =>
    callWithVars({ API_URL: 'http://worker.test' }, path, init);

  it('serves the same catalogue as the Worker itself', async () => {
    const path = '/cms/content/movies/?page_size=5&sort=new';
    await withWorkerUpstream(async (forwarded) => {
      const proxied = await viaWorker(path, { headers: RETURNING });
      expect(proxied.status).toBe(200);
      expect(forwarded.map((r) => new URL(r.url).pathname)).toEqual(['/cms/content/movies/']);
      // The copy never sees the visitor's cookies and hands out a device id: the visitor keeps
      // the edge's, and the shared copy, which sets no cookie, is kept and served again.
      expect(proxied.headers.getSetCookie()).toEqual([]);
      // Asked with EDGE_CACHE off, so the Worker reads D1 rather than the copy just stored.
      const local = await callWithVars({ EDGE_CACHE: 'off' }, path, { headers: RETURNING });
      expect(await proxied.json()).toEqual(await local.json());
      const again = await fromEdgeCache(path, () => viaWorker(path, { headers: RETURNING }));
      expect(again.headers.get('x-edge-cache')).toBe('HIT');
    });
  });

  it('signs up through the edge and then reads the account with the session cookie alone', async () => {
    const { recordMessages, resetAccounts } = await import('../domains/auth/test-support.ts');
    await resetAccounts();
    const messages = recordMessages();
    const email = 'edge@mail.ru';
    const password = 'correct horse 1';
    await withWorkerUpstream(async (forwarded) => {
      const post = (body: unknown) =>
        viaWorker('/auth/email/sign_up/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post({ email, password })).status).toBe(202);
      const done = await post({ email, password, code: messages.lastCode(email) });
      expect(done.status).toBe(201);
      const session = done.headers
        .getSetCookie()
        .find((c) => c.startsWith('session='))
        ?.split(';')[0];
      expect(session).toBeTruthy();
      const account = await viaWorker('/auth/account/', { headers: { cookie: session! } });
      expect(account.status).toBe(200);
      expect(await account.json()).toMatchObject({ email });
      const asked = forwarded.at(-1)!;
      expect(new URL(asked.url).pathname).toBe('/auth/account/');
      expect(asked.headers.get('authorization')).toMatch(/^Bearer ey/);
      expect(asked.headers.get('cookie')).toBeNull();
      const refused = await viaWorker('/auth/account/');
      expect(refused.status).toBe(401);
      expect(
        ((await refused.json()) as { details: { reason: string } }).details.reason,
      ).toBeTruthy();
    });
  });
});
