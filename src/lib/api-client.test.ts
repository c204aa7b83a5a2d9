import { exports, env as workerEnv } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ApiEnvironment,
  type ApiResult,
  browserEnvironment,
  createApiClient,
  type FetchInit,
  isFavouriteRemovalSuccess,
  isLogoutSuccess,
  RELOAD_AFTER_401_MS,
} from './api-client.ts';
import { type AppConfig, DEFAULT_APP_CONFIG } from './app-config.ts';

const API = 'http://api.test';
const CONTENT = 'http://content.test';

/** The real Worker (Hono app and local D1) behind a browser-like fetch. */
const worker = (url: string, init: FetchInit) => exports.default.fetch(new Request(url, init));

interface FakeBrowser {
  cookies?: Record<string, string>;
  config?: Partial<AppConfig>;
  hostname?: string;
  /** Stands in for the network when a test needs an answer our Worker never gives (401, a proxy's HTML). */
  network?: (url: string, init: FetchInit) => Promise<Response>;
}

/** A browser faked at its globals: cookie jar, timers, reload, console, location. */
function fakeBrowser(options: FakeBrowser = {}) {
  const cookies = new Map(Object.entries(options.cookies ?? {}));
  const sent: { url: string; init: FetchInit }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const logs: unknown[][] = [];
  const state = { reloads: 0 };
  const env: ApiEnvironment = {
    config: () => ({
      ...DEFAULT_APP_CONFIG,
      apiUrl: API,
      contentUrl: CONTENT,
      billingUrl: API,
      deviceId: 'device-1',
      device: {
        type: 'mobile',
        deviceClass: 'mobileWeb',
        vendor: 'Apple',
        model: 'iPhone',
        os: 'iOS',
        osVersion: '17.0',
        browserType: 'Mobile Safari',
        browserVersion: '17.0',
      },
      ...options.config,
    }),
    fetch: (url, init) => {
      sent.push({ url, init });
      return (options.network ?? worker)(url, init);
    },
    cookie: (name) => cookies.get(name),
    clearCookie: (name) => void cookies.delete(name),
    hostname: () => options.hostname ?? 'www.example.ru',
    later: (run, ms) => void timers.push({ run, ms }),
    reload: () => void state.reloads++,
    log: (...args) => void logs.push(args),
  };
  return { client: createApiClient(env), cookies, sent, timers, logs, state };
}

const answer =
  (status: number, body: string, type = 'application/json') =>
  async () =>
    new Response(body, { status, headers: { 'content-type': type } });

const SESSION = {
  token: 'tok-1',
  account_id: 'a1',
  user_id: 'u1',
  billing_id: 'b1',
  is_kid: '0',
  device_id: 'device-1',
};

async function setFlag(name: string, enabled: boolean) {
  await workerEnv.DB.prepare(
    'INSERT INTO feature_flags (name, enabled) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET enabled = ?2',
  )
    .bind(name, enabled ? 1 : 0)
    .run();
}

beforeEach(async () => {
  await workerEnv.DB.exec('DELETE FROM feature_flags');
});

describe('api client requests (docs/product.md, «How the site talks to the API»)', () => {
  it('sends GET, POST, PUT, PATCH and DELETE with credentials included', async () => {
    const { client, sent } = fakeBrowser();
    await client.get('/api/x');
    await client.post('/api/x', { a: 1 });
    await client.put('/api/x', { a: 1 });
    await client.patch('/api/x', { a: 1 });
    await client.delete('/api/x');
    expect(sent.map((s) => s.init.method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(sent.every((s) => s.init.credentials === 'include')).toBe(true);
  });

  it('sends a string body as is, without adding a content type', async () => {
    const { client, sent } = fakeBrowser();
    await client.post('/api/x', 'a=1&b=2', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(sent[0]!.init.body).toBe('a=1&b=2');
    expect(sent[0]!.init.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('serialises any other body as JSON', async () => {
    const { client, sent } = fakeBrowser();
    await client.patch('/api/x', { name: 'Аня', isKid: true });
    expect(sent[0]!.init.body).toBe('{"name":"Аня","isKid":true}');
    expect(sent[0]!.init.headers.get('content-type')).toBe('application/json');
  });

  it('adds the device query parameters, the token, platform and supportLive=true to every request, plus the caller ones', async () => {
    const { client, sent } = fakeBrowser({ cookies: SESSION });
    await client.get('/api/x', { params: { page: 2, empty: undefined } });
    const query = Object.fromEntries(new URL(sent[0]!.url).searchParams);
    expect(query).toEqual({
      deviceId: 'device-1',
      deviceModel: 'iPhone',
      deviceType: 'mobile',
      deviceVendor: 'Apple',
      os: 'iOS',
      osVersion: '17.0',
      browserVersion: '17.0',
      browserType: 'Mobile Safari',
      token: 'tok-1',
      platform: 'mobileWeb',
      supportLive: 'true',
      page: '2',
    });
  });

  it('leaves the token query parameter out when the caller suppresses it', async () => {
    const { client, sent } = fakeBrowser({ cookies: SESSION });
    await client.get('/api/x', { noToken: true });
    const query = new URL(sent[0]!.url).searchParams;
    expect(query.has('token')).toBe(false);
    expect(query.get('supportLive')).toBe('true');
  });

  it('sends paths containing /cms/ to the content host, keeping their own query', async () => {
    const { client } = fakeBrowser();
    const result = await client.get<{ path: string }>('/cms/seo-texts?path=/faq');
    expect(result.url.startsWith(`${CONTENT}/cms/seo-texts?path=%2Ffaq&deviceId=`)).toBe(true);
    expect(result.data?.path).toBe('/faq');
  });

  it('uses a URL starting with http as is, even one containing /cms/, keeping its own query', async () => {
    const { client } = fakeBrowser();
    const result = await client.get('https://other.test/cms/content_experience/history/?page=2');
    const url = new URL(result.url);
    expect(url.origin + url.pathname).toBe('https://other.test/cms/content_experience/history/');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('deviceId')).toBe('device-1');
  });

  it('sends every other path to the main API host', async () => {
    const { client } = fakeBrowser();
    const result = await client.get('/auth/account/');
    expect(result.url.startsWith(`${API}/auth/account/?`)).toBe(true);
  });

  it('attaches the bearer token only to main-API requests', async () => {
    const { client, sent } = fakeBrowser({ cookies: SESSION });
    await client.get('/auth/account/');
    await client.get('/cms/seo-texts?path=/faq');
    await client.get('https://other.test/favourites/?page=2');
    expect(sent.map((s) => s.init.headers.get('authorization'))).toEqual([
      'Bearer tok-1',
      null,
      null,
    ]);
  });

  it('uses a token given from state instead of the token cookie', async () => {
    const { client, sent } = fakeBrowser({ cookies: SESSION });
    await client.get('/auth/account/', { token: 'tok-state' });
    expect(sent[0]!.init.headers.get('authorization')).toBe('Bearer tok-state');
    expect(new URL(sent[0]!.url).searchParams.get('token')).toBe('tok-state');
  });

  it('sends no bearer header and no token parameter for a guest', async () => {
    const { client, sent } = fakeBrowser();
    await client.get('/auth/account/');
    expect(sent[0]!.init.headers.has('authorization')).toBe(false);
    expect(new URL(sent[0]!.url).searchParams.has('token')).toBe(false);
  });

  it('yields data, status, statusText, url, error and headers', async () => {
    await setFlag('enable-trailers', true);
    const { client } = fakeBrowser();
    const result = await client.get('/api/client/features/enable-trailers');
    expect(result).toMatchObject({
      data: { name: 'enable-trailers', value: true },
      status: 200,
      statusText: 'OK',
      error: null,
    });
    expect(result.url.startsWith(`${API}/api/client/features/enable-trailers?`)).toBe(true);
    expect(result.headers.get('cache-control')).toBe('no-cache');
  });

  it('looks a flag up with GET /api/client/features/{name} and a token header', async () => {
    await setFlag('web-enable-calendar', true);
    const { client, sent } = fakeBrowser({ cookies: SESSION });
    const result = await client.feature('web-enable-calendar');
    expect(sent[0]!.init.method).toBe('GET');
    expect(new URL(sent[0]!.url).pathname).toBe('/api/client/features/web-enable-calendar');
    expect(sent[0]!.init.headers.get('token')).toBe('tok-1');
    expect(result.data).toEqual({ name: 'web-enable-calendar', value: true });
  });
});

describe('api client in static mode (docs/product.md, «How the site talks to the API»)', () => {
  it('skips calls without touching the network', async () => {
    const { client, sent } = fakeBrowser({ config: { staticMode: true } });
    const result = await client.post('/auth/logout/');
    expect(sent).toHaveLength(0);
    expect(result).toMatchObject({ data: null, status: 0, error: null });
  });

  it('still looks up the disable-dazn flag', async () => {
    await setFlag('disable-dazn', true);
    const { client } = fakeBrowser({ config: { staticMode: true } });
    const result = await client.feature('disable-dazn');
    expect(result.data).toEqual({ name: 'disable-dazn', value: true });
  });

  it('still calls the CMS tech pages (FAQ, contacts), its one special path', async () => {
    const { client, sent } = fakeBrowser({ config: { staticMode: true } });
    await client.get('/cms/tech-pages/faq/');
    await client.get('/cms/tech-pages/contact/');
    await client.get('/cms/seo-texts?path=/faq');
    expect(sent.map((s) => new URL(s.url).pathname)).toEqual([
      '/cms/tech-pages/faq/',
      '/cms/tech-pages/contact/',
    ]);
  });
});

describe('api client error catalogue (docs/product.md, «When things go wrong»)', () => {
  it('puts the JSON body of an HTTP 400+ answer into the error field', async () => {
    const { client } = fakeBrowser();
    const result = await client.get('/api/x');
    expect(result.status).toBe(404);
    expect(result.data).toBeNull();
    expect(result.error).toEqual({ message: 'Не найдено', details: { reason: 'not_found' } });
  });

  it('on 401 with a token cookie clears the session cookies and reloads the page after 100 ms', async () => {
    const browser = fakeBrowser({
      cookies: SESSION,
      network: answer(401, '{"message":"Требуется вход","details":{"reason":"unauthorized"}}'),
    });
    const result = await browser.client.get('/auth/account/');
    expect(result.error).toEqual({
      message: 'Требуется вход',
      details: { reason: 'unauthorized' },
    });
    expect([...browser.cookies.keys()]).toEqual(['device_id']);
    expect(browser.timers.map((t) => t.ms)).toEqual([RELOAD_AFTER_401_MS]);
    expect(RELOAD_AFTER_401_MS).toBe(100);
    expect(browser.state.reloads).toBe(0);
    browser.timers[0]!.run();
    expect(browser.state.reloads).toBe(1);
  });

  it('on 401 with a token given from state clears the session and reloads too', async () => {
    const browser = fakeBrowser({
      cookies: { account_id: 'a1', device_id: 'device-1' },
      network: answer(401, '{}'),
    });
    await browser.client.get('/auth/account/', { token: 'tok-state' });
    expect([...browser.cookies.keys()]).toEqual(['device_id']);
    expect(browser.timers).toHaveLength(1);
  });

  it('on 401 without any token leaves the cookies alone and does not reload', async () => {
    const browser = fakeBrowser({ cookies: { account_id: 'a1' }, network: answer(401, '{}') });
    const result = await browser.client.post('/auth/email/sign_in/', { email: 'a@b.ru' });
    expect(result.status).toBe(401);
    expect([...browser.cookies.keys()]).toEqual(['account_id']);
    expect(browser.timers).toHaveLength(0);
  });

  it('turns an unparseable error body into "Сервис недоступен. Попробуйте позже" with reason "Server unavailable"', async () => {
    const { client } = fakeBrowser({
      network: answer(502, '<html>Bad Gateway</html>', 'text/html'),
    });
    const result = await client.get('/auth/account/');
    expect(result.status).toBe(502);
    expect(result.error).toEqual({
      message: 'Сервис недоступен. Попробуйте позже',
      details: { reason: 'Server unavailable' },
    });
  });

  it('places a network failure in the error field and logs it on localhost', async () => {
    const failure = new TypeError('Failed to fetch');
    const { client, logs } = fakeBrowser({
      hostname: 'localhost',
      network: () => Promise.reject(failure),
    });
    const result = await client.get('/auth/account/');
    expect(result).toMatchObject({ data: null, status: 0, error: failure });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(failure);
  });

  it('does not log a network failure on any other host', async () => {
    const { client, logs } = fakeBrowser({
      hostname: 'www.example.ru',
      network: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const result = await client.get('/auth/account/');
    expect(result.error).toBeInstanceOf(TypeError);
    expect(logs).toHaveLength(0);
  });

  it('does not log a request its caller aborted: that is no failure of the network', async () => {
    const controller = new AbortController();
    const network = () => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    const { client, logs } = fakeBrowser({ hostname: 'localhost', network });
    const result = await client.get('/cms/search/', {
      params: { query: 'тих' },
      signal: controller.signal,
    });
    expect(result).toMatchObject({ data: null, status: 0 });
    expect(result.error).toBeInstanceOf(DOMException);
    expect(logs).toHaveLength(0);
  });

  it('keeps the last API exchange record: response, status, start time, duration and failure flag', async () => {
    await setFlag('disable-dazn', false);
    const { client } = fakeBrowser();
    const before = Date.now();
    await client.feature('disable-dazn');
    const ok = client.last();
    expect(ok).toMatchObject({ status: 200, failed: false });
    expect(ok!.response).toBeInstanceOf(Response);
    expect(ok!.start).toBeGreaterThanOrEqual(before);
    expect(ok!.duration).toBeGreaterThanOrEqual(0);
    await client.get('/api/x');
    expect(client.last()).toMatchObject({ status: 404, failed: true });
  });
});

describe('success rules (docs/product.md, «What we check»)', () => {
  const withStatus = (status: number): ApiResult => ({
    data: null,
    status,
    statusText: '',
    url: '',
    error: null,
    headers: new Headers(),
  });

  it('logout succeeds below 400, on 401, or in static mode, and fails otherwise', () => {
    expect(
      [200, 204, 302, 401, 403, 500, 0].map((s) => isLogoutSuccess(withStatus(s), false)),
    ).toEqual([true, true, true, true, false, false, false]);
    expect(isLogoutSuccess(withStatus(0), true)).toBe(true);
  });

  it('favourite removal succeeds only on 204', async () => {
    const { client } = fakeBrowser({ network: async () => new Response(null, { status: 204 }) });
    const removed = await client.delete('/favourites/batch/', { params: { id: '1,2' } });
    expect(removed.data).toBeNull();
    expect(isFavouriteRemovalSuccess(removed)).toBe(true);
    expect([200, 202, 404].map((s) => isFavouriteRemovalSuccess(withStatus(s)))).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('browser environment', () => {
  const g = globalThis as Record<string, unknown>;
  let written: string[];

  beforeEach(() => {
    written = [];
    g.document = {
      get cookie() {
        return 'device_id=device-1; token=a%20b; is_kid=0';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    g.location = { hostname: 'www.example.ru' };
  });
  afterEach(() => {
    delete g.document;
    delete g.location;
  });

  it('reads a cookie from document.cookie, decoded', () => {
    expect(browserEnvironment.cookie('token')).toBe('a b');
    expect(browserEnvironment.cookie('account_id')).toBeUndefined();
  });

  it('clears a cookie on the host and on its parent domain', () => {
    browserEnvironment.clearCookie('token');
    expect(written).toEqual([
      'token=; Max-Age=0; path=/',
      'token=; Max-Age=0; path=/; domain=www.example.ru',
      'token=; Max-Age=0; path=/; domain=example.ru',
    ]);
  });
});
