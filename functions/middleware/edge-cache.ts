import { waitUntil } from 'cloudflare:workers';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { personalizePage } from '../lib/app-config-data.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { deployedVersion, openEdgeCache } from '../lib/edge-store.ts';
import { isClientParam, sharedParams } from '../lib/tracking-params.ts';
import { DEV_CLOCK_HEADER } from './edge-context.ts';

/**
 * What is cached: a guest page (HTML) or a CMS answer (JSON). Pages show the menus of the
 * visitor's region and the cookie banner until consent; CMS answers differ only by region.
 */
export type CacheScope = 'page' | 'cms';

/** `X-Edge-Cache` tells where an answer came from: tests and operators read it. */
export type CacheStatus = 'HIT' | 'STALE' | 'MISS' | 'REVALIDATED' | 'BYPASS';

const STORED_AT = 'x-edge-stored-at';
const ORIGINAL_CACHE_CONTROL = 'x-edge-cache-control';
const ORIGINAL_VARY = 'x-edge-vary';
const REVALIDATE = 'x-edge-revalidate';

/** The variant of the cache a request reads and fills; null when its answer must not be shared. */
export function cacheVariant(c: Context<AppEnv>, scope: CacheScope): string | null {
  const { session, geo, consent } = c.var.edge;
  if (c.req.method !== 'GET' || session.isKid) return null;
  // An answer as of another moment than now (development's clock header) is this request's alone.
  if (c.req.header(DEV_CLOCK_HEADER) && config().devRoutes) return null;
  if (scope === 'page')
    return session.signedIn ? null : `${geo.regionGroup}.guest.${consent ? 'consent' : 'banner'}`;
  return `${geo.regionGroup}.${session.signedIn ? 'member' : 'guest'}`;
}

/**
 * The cache key: this URL without tracking parameters (and, for CMS answers, without the API
 * client's device parameters), parameters sorted, and the deployed version and the variant as an
 * extra parameter, so region groups, sign-in states and versions never read each other's entries:
 * a page cached by one version links hashed /_astro/ files that another may not serve.
 * @example cacheKey(new URL('https://a.example/?utm_source=x&b=1'), 'cis.guest.banner')
 * // https://a.example/?b=1&__edge=<version>.cis.guest.banner
 */
export function cacheKey(url: URL, variant: string, scope: CacheScope = 'page'): Request {
  const key = new URL(url.pathname, url.origin);
  for (const [name, value] of sharedParams(url))
    if (scope === 'page' || !isClientParam(name)) key.searchParams.append(name, value);
  key.searchParams.set('__edge', `${deployedVersion()}.${variant}`);
  return new Request(key.toString(), { method: 'GET' });
}

/**
 * The request a page that guests may share is rendered from: what every reader of its cache entry
 * has in common and nothing of this visitor's. Its URL is the entry's (no tracking parameters,
 * which would otherwise end up in the «Войти» back path and the support form of everyone's copy;
 * parameters sorted), and it carries no cookies or credentials; what a page may know about the
 * visitor is in `Astro.locals.edge`, cut down by `sharedViewer` once the page is shared.
 */
export function sharedPageRequest(request: Request): Request {
  const url = new URL(request.url);
  const shared = new URL(url.pathname, url.origin);
  for (const [name, value] of sharedParams(url)) shared.searchParams.append(name, value);
  const headers = new Headers(request.headers);
  for (const name of ['cookie', 'authorization']) headers.delete(name);
  return new Request(shared, { method: request.method, headers });
}

/** `s-maxage` and `stale-while-revalidate` of a public answer; null when it is not for shared caches. */
export function sharedLifetime(
  cacheControl: string | null,
): { fresh: number; stale: number } | null {
  if (
    !cacheControl ||
    !/\bpublic\b/.test(cacheControl) ||
    /\b(private|no-store)\b/.test(cacheControl)
  )
    return null;
  const fresh = /\bs-maxage=(\d+)/.exec(cacheControl);
  if (!fresh) return null;
  const stale = /\bstale-while-revalidate=(\d+)/.exec(cacheControl);
  return { fresh: Number(fresh[1]), stale: stale ? Number(stale[1]) : 0 };
}

type Dispatch = (request: Request) => Promise<Response>;
let dispatch: Dispatch | undefined;
let revalidateToken: string | undefined;
const refreshing = new Set<string>();

/**
 * Gives the cache the Worker's own fetch, with which a stale entry is rendered again in the
 * background (stale-while-revalidate). Without it a stale entry is simply rendered anew.
 * @example setRevalidator((request) => handler.fetch(request, env, ctx))
 */
export function setRevalidator(fetcher: Dispatch) {
  dispatch = fetcher;
}

/** A secret of this isolate that marks the background refresh of an entry (made lazily: no randomness at start-up). */
function token() {
  revalidateToken ??= crypto.randomUUID();
  return revalidateToken;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The copy kept in the cache: lives fresh + stale seconds; the answer's own headers are kept aside. */
function toStored(response: Response, lifetime: { fresh: number; stale: number }): Response {
  const stored = new Response(response.body, response);
  stored.headers.set(ORIGINAL_CACHE_CONTROL, response.headers.get('cache-control') ?? '');
  stored.headers.set('cache-control', `public, max-age=${lifetime.fresh + lifetime.stale}`);
  stored.headers.set(STORED_AT, String(nowSeconds()));
  const vary = response.headers.get('vary');
  if (vary) stored.headers.set(ORIGINAL_VARY, vary);
  stored.headers.delete('vary');
  stored.headers.delete('x-edge-cache');
  return stored;
}

/** The answer to a visitor from a cached copy, with its original headers and its age. */
function fromStored(stored: Response, status: CacheStatus, age: number): Response {
  const response = new Response(stored.body, stored);
  response.headers.set('cache-control', stored.headers.get(ORIGINAL_CACHE_CONTROL) ?? 'public');
  const vary = stored.headers.get(ORIGINAL_VARY);
  if (vary) response.headers.set('vary', vary);
  for (const name of [ORIGINAL_CACHE_CONTROL, ORIGINAL_VARY, STORED_AT])
    response.headers.delete(name);
  response.headers.set('age', String(Math.max(0, age)));
  response.headers.set('x-edge-cache', status);
  return response;
}

/**
 * The shared edge cache (Workers Cache API) in front of guest pages and CMS answers. An answer is
 * kept when it is a 200 whose Cache-Control is public with `s-maxage` and it sets no cookie; it is
 * served fresh for `s-maxage` seconds, then stale for `stale-while-revalidate` seconds while the
 * Worker renders it again in the background. Kid profiles, signed-in pages and anything but GET
 * always go to the origin. A guest page is rendered from `sharedPageRequest` and, once shared,
 * for `sharedViewer`; the visitor's own data block (device, geo, device id) is written in on the
 * way out, from the cache or not, so nothing personal is shared.
 */
export function edgeCache(scope: CacheScope) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const variant = config().edgeCache ? cacheVariant(c, scope) : null;
    if (!variant) {
      await next();
      c.header('x-edge-cache', 'BYPASS');
      return;
    }
    const cache = await openEdgeCache();
    const key = cacheKey(new URL(c.req.url), variant, scope);
    if (scope === 'page') c.set('pageRequest', sharedPageRequest(c.req.raw));
    const revalidating = c.req.header(REVALIDATE) === token();
    if (!revalidating) {
      const hit = await cache.match(key);
      const lifetime = hit && sharedLifetime(hit.headers.get(ORIGINAL_CACHE_CONTROL));
      if (hit && lifetime) {
        const age = nowSeconds() - Number(hit.headers.get(STORED_AT));
        if (age <= lifetime.fresh) return serve(c, fromStored(hit, 'HIT', age), scope);
        if (dispatch && age <= lifetime.fresh + lifetime.stale) {
          refreshInBackground(c.req.raw, key.url);
          return serve(c, fromStored(hit, 'STALE', age), scope);
        }
      }
    }
    await next();
    const lifetime = sharedLifetime(c.res.headers.get('cache-control'));
    if (c.res.status === 200 && lifetime && !c.res.headers.has('set-cookie') && c.res.body) {
      const copy = c.res.clone();
      waitUntil(cache.put(key, toStored(copy, lifetime)));
      c.res = serve(c, c.res, scope);
    }
    c.header('x-edge-cache', revalidating ? 'REVALIDATED' : 'MISS');
  });
}

function serve(c: Context<AppEnv>, response: Response, scope: CacheScope): Response {
  return scope === 'page' ? personalizePage(response, c.var.edge) : response;
}

/** Renders a stale entry again through the whole Worker, once per key and isolate at a time. */
function refreshInBackground(request: Request, key: string) {
  if (!dispatch || refreshing.has(key)) return;
  refreshing.add(key);
  const headers = new Headers(request.headers);
  headers.set(REVALIDATE, token());
  headers.delete('if-none-match');
  headers.delete('if-modified-since');
  const fresh = new Request(request.url, { method: 'GET', headers });
  waitUntil(
    dispatch(fresh)
      .then((response) => response.body?.cancel())
      .catch(() => undefined)
      .finally(() => refreshing.delete(key)),
  );
}
