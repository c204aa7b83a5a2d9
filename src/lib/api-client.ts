/**
 * The one HTTP client of the islands: the request rules of docs/product.md, «How the site talks to the API» and the error catalogue
 * of docs/product.md, «When things go wrong» in one place. Browser globals sit behind `ApiEnvironment` so tests run it in workerd.
 */
import { COOKIE } from '../../functions/shared/cookies.ts';
import { type AppConfig, appConfig } from './app-config.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The service error object of docs/product.md, «What we keep». */
export interface ServiceError {
  message: string;
  details: { reason: string };
}

/** What every call yields (docs/product.md, «How the site talks to the API»). `error` is the 400+ JSON body, or the network failure. */
export interface ApiResult<T = unknown> {
  data: T | null;
  status: number;
  statusText: string;
  url: string;
  error: ServiceError | Error | null;
  headers: Headers;
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Caller query parameters, added after (and able to override) the system ones. */
  params?: Params;
  headers?: Record<string, string>;
  /** Leave the `token` query parameter out (the bearer header still goes to the main API). */
  noToken?: boolean;
  /** A token from state, used instead of the token cookie. */
  token?: string;
  signal?: AbortSignal;
}

/** The last API exchange record of docs/product.md, «What we keep». */
export interface ApiExchange {
  response: Response | null;
  status: number;
  /** Epoch milliseconds. */
  start: number;
  duration: number;
  failed: boolean;
}

export interface FetchInit {
  method: Method;
  headers: Headers;
  body?: string;
  credentials: 'include';
  signal?: AbortSignal;
}

/** Everything the client needs from the browser; `browserEnvironment` is the real one. */
export interface ApiEnvironment {
  config(): AppConfig;
  fetch(url: string, init: FetchInit): Promise<Response>;
  cookie(name: string): string | undefined;
  clearCookie(name: string): void;
  hostname(): string;
  later(run: () => void, ms: number): void;
  reload(): void;
  log(...args: unknown[]): void;
}

/** docs/product.md, «Numbers»: reload delay after a 401. */
export const RELOAD_AFTER_401_MS = 100;

/** docs/product.md, «When things go wrong»: what an error response without a readable JSON body becomes. */
export const SERVICE_UNAVAILABLE: ServiceError = {
  message: 'Сервис недоступен. Попробуйте позже',
  details: { reason: 'Server unavailable' },
};

/**
 * Paths still called in static mode (docs/product.md, «How the site talks to the API»): the disable-dazn flag lookup, and the CMS tech
 * pages so that /faq and /contacts keep working while everything else is switched off.
 */
export const STATIC_MODE_PATHS = ['/api/client/features/disable-dazn', '/cms/tech-pages/'] as const;

/** Cookies of the session (docs/product.md, «What we keep»), cleared when the API answers 401. */
export const SESSION_COOKIES = [
  COOKIE.token,
  COOKIE.accountId,
  COOKIE.userId,
  COOKIE.billingId,
  COOKIE.isKid,
];

/**
 * A client bound to an environment. Islands use `api`; tests pass their own environment.
 * @example const { data, error } = await createApiClient(env).get('/cms/tech-pages/faq/')
 */
export function createApiClient(env: ApiEnvironment) {
  let last: ApiExchange | undefined;

  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    o: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const cfg = env.config();
    const d = cfg.device;
    const token = o.token ?? env.cookie(COOKIE.token);
    // An absolute URL (a next-page link) is taken as is even when it contains /cms/.
    const absolute = path.startsWith('http');
    const main = !absolute && !path.includes('/cms/');
    const [base, query] = ((absolute ? '' : main ? cfg.apiUrl : cfg.contentUrl) + path).split('?');
    const search = new URLSearchParams(query);
    const params: Params = {
      deviceId: cfg.deviceId,
      deviceModel: d.model,
      deviceType: d.type,
      deviceVendor: d.vendor,
      os: d.os,
      osVersion: d.osVersion,
      browserVersion: d.browserVersion,
      browserType: d.browserType,
      token: o.noToken ? undefined : token,
      platform: d.deviceClass,
      supportLive: true,
      ...o.params,
    };
    for (const [k, v] of Object.entries(params)) if (v != null) search.set(k, String(v));
    const url = `${base}?${search}`;
    const result = (
      status: number,
      statusText: string,
      data: unknown,
      error: ApiResult['error'],
      headers = new Headers(),
    ) => ({ data, status, statusText, url, error, headers }) as ApiResult<T>;

    if (cfg.staticMode && !STATIC_MODE_PATHS.some((p) => path.startsWith(p)))
      return result(0, '', null, null);

    const headers = new Headers(o.headers);
    if (main && token) headers.set('Authorization', `Bearer ${token}`);
    let payload: string | undefined;
    if (typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }

    const start = Date.now();
    const record = (response: Response | null, status: number, failed: boolean) => {
      last = { response, status, start, duration: Date.now() - start, failed };
    };
    let res: Response;
    let text: string;
    try {
      res = await env.fetch(url, {
        method,
        headers,
        body: payload,
        credentials: 'include',
        signal: o.signal,
      });
      // Inside the try: a connection dropped mid-body is a network failure too.
      text = await res.text();
    } catch (e) {
      record(null, 0, true);
      // A request its caller aborted (a newer search, say) did not fail.
      if (!o.signal?.aborted && /^(localhost|127\.0\.0\.1)$/.test(env.hostname()))
        env.log('API request failed', method, url, e);
      // fetch rejects with a TypeError (or an AbortError DOMException), both Errors.
      return result(0, '', null, e as Error);
    }

    let json: unknown;
    let parsed = true;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      parsed = false;
    }
    const failed = res.status >= 400;
    record(res, res.status, failed);
    if (!failed) return result(res.status, res.statusText, parsed ? json : text, null, res.headers);

    if (res.status === 401 && token) {
      for (const name of SESSION_COOKIES) env.clearCookie(name);
      env.later(() => env.reload(), RELOAD_AFTER_401_MS);
    }
    const error =
      parsed && json && typeof json === 'object'
        ? (json as ServiceError)
        : { ...SERVICE_UNAVAILABLE };
    return result(res.status, res.statusText, null, error, res.headers);
  }

  return {
    request,
    get: <T>(path: string, o?: RequestOptions) => request<T>('GET', path, undefined, o),
    delete: <T>(path: string, o?: RequestOptions) => request<T>('DELETE', path, undefined, o),
    post: <T>(path: string, body?: unknown, o?: RequestOptions) =>
      request<T>('POST', path, body, o),
    put: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PUT', path, body, o),
    patch: <T>(path: string, body?: unknown, o?: RequestOptions) =>
      request<T>('PATCH', path, body, o),
    /** Flag lookup (docs/product.md, «How the site talks to the API»): GET /api/client/features/{name} with a `token` header. */
    feature(name: string, o: RequestOptions = {}) {
      const token = o.token ?? env.cookie(COOKIE.token);
      const headers = token ? { ...o.headers, token } : o.headers;
      return request<{ name: string; value: boolean }>(
        'GET',
        `/api/client/features/${encodeURIComponent(name)}`,
        undefined,
        { ...o, headers },
      );
    },
    /** The last API exchange record (docs/product.md, «What we keep»). */
    last: () => last,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The real browser: document cookies, location, timers, console. */
export const browserEnvironment: ApiEnvironment = {
  config: appConfig,
  fetch: (url, init) => fetch(url, init),
  cookie(name) {
    const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
    return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
  },
  clearCookie(name) {
    // Session cookies live on the host or its parent domain (docs/product.md, «Numbers»); clear every variant.
    const host = location.hostname;
    for (const domain of ['', host, host.replace(/^[^.]+\./, '')]) {
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  },
  hostname: () => location.hostname,
  later: (run, ms) => void setTimeout(run, ms),
  reload: () => location.reload(),
  log: (...args) => console.error(...args),
};

/** The client every island uses. */
export const api = /* @__PURE__ */ createApiClient(browserEnvironment);

/**
 * Status below 400 is success for most calls (docs/product.md, «What we check»); a skipped or failed call has status 0.
 * @example isOk(await api.get('/auth/account/'))
 */
export const isOk = (r: ApiResult): boolean => r.status > 0 && r.status < 400;

/**
 * What an island tells the viewer about a failed call: the server's Russian message, or the
 * docs/product.md, «When things go wrong» text when there is none (network failure, skipped call).
 * @example $state.setKey('error', errorMessage(await api.post('/auth/email/sign_in/', body)))
 */
export const errorMessage = (r: ApiResult): string =>
  r.error && 'details' in r.error ? r.error.message : SERVICE_UNAVAILABLE.message;

/** The server's reason code of a failed call (`pin_required`, `slow_down`…); null without one. */
export const errorReason = (r: ApiResult): string | null =>
  r.error && 'details' in r.error ? r.error.details.reason : null;

/**
 * Logout succeeds below 400, on 401, or in static mode (docs/product.md, «What we check»).
 * @example isLogoutSuccess(await api.post('/auth/logout/'), appConfig().staticMode)
 */
export const isLogoutSuccess = (r: ApiResult, staticMode: boolean): boolean =>
  staticMode || r.status === 401 || isOk(r);

/**
 * Favourite removal succeeds only on 204 (docs/product.md, «What we check»).
 * @example isFavouriteRemovalSuccess(await api.delete('/favourites/batch/', { params: { id: '1,2' } }))
 */
export const isFavouriteRemovalSuccess = (r: ApiResult): boolean => r.status === 204;
