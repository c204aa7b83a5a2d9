import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { PAGES_AT_PREFIX, pathUnder } from '../lib/api-paths.ts';
import type { AppEnv } from '../lib/app-env.ts';
import {
  CLIENT_COUNTRY_HEADER,
  CLIENT_IP_HEADER,
  CLIENT_PROOF_HEADER,
  clientProof,
} from '../lib/client-proof.ts';
import { config, type Upstream } from '../lib/config.ts';
import { envelope } from '../lib/errors.ts';
import { reportFailure } from '../lib/report.ts';
import { sessionOf } from '../lib/session-token.ts';
import { isClientParam, sharedParams } from '../lib/tracking-params.ts';
import { COOKIE } from '../shared/cookies.ts';
import { texts } from '../shared/texts.ts';
import { cacheVariant } from './edge-cache.ts';

/**
 * Which of the API's paths edge proxy mode sends upstream (derived from the route groups,
 * functions/http/api-groups.ts): those under `forwarded`, less the `local` ones that stay with this
 * Worker (its liveness, the cookie banner's consent, a cookie of this site).
 */
export interface ForwardedPaths {
  forwarded: readonly string[];
  local: readonly string[];
}

/** CMS paths that answer for one viewer (playback context, history, polls): always sent with the Bearer, never shared. */
const PERSONAL_CMS = ['/cms/content_experience', '/cms/polls'];

/** RFC 9110 §7.6.1: meaningful for one connection only, never passed on. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/**
 * What the visitor's request says that the upstream must not take from it: our cookies, the
 * credentials (replaced by the Bearer of the session), the browser's cross-site metadata (the edge
 * checked it), and any address, country or proof of them the client wrote itself (replaced by the
 * edge's: a copy passed on would be believed by an upstream that trusts this edge).
 */
const NOT_FORWARDED = [
  'cookie',
  'authorization',
  'origin',
  'referer',
  'host',
  'content-length',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  CLIENT_IP_HEADER,
  CLIENT_COUNTRY_HEADER,
  CLIENT_PROOF_HEADER,
];

/**
 * The upstream base URL of a path, by the spec's host rule (a path containing /cms/ goes to the
 * content host, /billing to the billing host, the rest to the main API); null when it stays here.
 * @example upstreamBase('/cms/content/movies/', upstream, paths) // 'https://content.example'
 */
export function upstreamBase(
  path: string,
  upstream: Upstream,
  paths: ForwardedPaths,
): string | null {
  if (
    PAGES_AT_PREFIX.has(path) ||
    pathUnder(path, paths.local) ||
    !pathUnder(path, paths.forwarded)
  )
    return null;
  if (path.includes('/cms/') || path === '/cms') return upstream.content;
  if (pathUnder(path, ['/billing'])) return upstream.billing;
  return upstream.api;
}

/**
 * The access token of the signed-in visitor, as the edge found it: the one the edge renewed from
 * the HttpOnly session cookie in this request, else the live `token` cookie or Authorization
 * header. Null for a guest, so a stale or foreign token never reaches the upstream.
 */
async function bearerOf(c: Context<AppEnv>): Promise<string | null> {
  const { session, renewal } = c.var.edge;
  if (!session.signedIn) return null;
  if (renewal) return renewal.token;
  const header = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  for (const token of [header, getCookie(c, COOKIE.token)]) {
    if (token && (await sessionOf(token, config().jwtSecret)).signedIn) return token;
  }
  return null;
}

/**
 * A CMS read whose answer may be shared at the edge: it is sent as its cache variant, with nothing
 * of this visitor's (no Bearer, no address), so no answer stored for many can hold one viewer's data.
 */
function isSharedRead(c: Context<AppEnv>): boolean {
  return (
    config().edgeCache &&
    pathUnder(c.req.path, ['/cms']) &&
    !pathUnder(c.req.path, PERSONAL_CMS) &&
    cacheVariant(c, 'cms') !== null
  );
}

/** The visitor's headers a shared CMS read keeps: those that choose the answer's format. */
const SHARED_HEADERS = ['accept', 'accept-encoding'];

function sharedHeaders(incoming: Headers): Headers {
  const headers = new Headers();
  for (const name of SHARED_HEADERS) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/**
 * The query of a shared read as its cache key holds it (edge-cache.ts): without tracking parameters
 * or the API client's device and token parameters, so no answer can carry one viewer's into the copy.
 */
function sharedSearch(url: URL): string {
  const query = new URLSearchParams();
  for (const [name, value] of sharedParams(url))
    if (!isClientParam(name)) query.append(name, value);
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** The request to the upstream: the visitor's method, path, query and body with the edge's headers. */
async function upstreamRequest(c: Context<AppEnv>, base: string, shared: boolean) {
  const incoming = new URL(c.req.url);
  const target = new URL(
    base + incoming.pathname + (shared ? sharedSearch(incoming) : incoming.search),
  );
  // The Bearer header below is the one credential the upstream gets: a token the client put in
  // the query (the API client's `token`) is not forwarded, live or not.
  target.searchParams.delete('token');
  // A shared answer must not depend on who asked first: of the visitor's headers it gets only
  // what the answer's format needs; the edge answers conditional requests itself (ETag).
  const headers = shared ? sharedHeaders(c.req.raw.headers) : new Headers(c.req.raw.headers);
  const connection = headers.get('connection');
  for (const name of [...HOP_BY_HOP, ...NOT_FORWARDED]) headers.delete(name);
  for (const name of connection?.split(',') ?? []) headers.delete(name.trim());
  for (const name of [...headers.keys()])
    if (name.startsWith('cf-') || name.startsWith('sec-fetch-')) headers.delete(name);
  const { geo } = c.var.edge;
  // The country chooses the variant (region group) of a shared answer; CF-IPCountry too, which is
  // what a copy of this Worker reads outside production (Cloudflare sets it itself in production).
  headers.set(CLIENT_COUNTRY_HEADER, geo.country);
  headers.set('cf-ipcountry', geo.country);
  headers.set('x-forwarded-proto', incoming.protocol.replace(':', ''));
  headers.set('x-forwarded-host', incoming.host);
  if (!shared) {
    headers.set(CLIENT_IP_HEADER, geo.ip);
    const bearer = await bearerOf(c);
    if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  }
  // An upstream that holds the same secret believes the two headers above only with this proof;
  // others see the edge's own address and country (functions/access/region.ts, geoOf).
  const secret = config().upstreamSecret;
  if (secret)
    headers.set(CLIENT_PROOF_HEADER, await clientProof(secret, shared ? '' : geo.ip, geo.country));
  const method = c.req.method;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // The edge has refused cross-site writes already (csrf.ts); an upstream with the same guard is
  // told the write comes from its own site.
  if (hasBody) headers.set('origin', target.origin);
  return new Request(target, {
    method,
    headers,
    body: hasBody ? await c.req.arrayBuffer() : undefined,
    redirect: 'manual',
  });
}

/** The upstream's cookies belong to this site: host-only, whatever domain it named. */
const ourCookie = (cookie: string) => cookie.replace(/;\s*domain=[^;]*/gi, '');

/**
 * The upstream's cookies the visitor gets: none on a shared read (a copy that sets a cookie is not
 * kept, and the cookie would be whoever asked first's), and never the device id, which the edge
 * gives (edge-context.ts): an upstream that never sees the visitor's cookies would hand out a new
 * one on every call.
 */
function upstreamCookies(response: Response, shared: boolean): string[] {
  if (shared) return [];
  return response.headers
    .getSetCookie()
    .filter((cookie) => !cookie.trimStart().startsWith(`${COOKIE.deviceId}=`))
    .map(ourCookie);
}

/** The upstream's answer, made ours: no hop-by-hop headers, its cookies and redirects on this site. */
function answerOf(response: Response, target: URL, shared: boolean, accepts: string): Response {
  const answer = new Response(response.body, response);
  // The body arrives decoded and the runtime encodes it again as Content-Encoding says: only in an
  // encoding this visitor accepts (the upstream chose it for the edge, which accepts br and gzip).
  const encoding = answer.headers.get('content-encoding');
  if (encoding && !accepts.toLowerCase().includes(encoding.toLowerCase())) {
    answer.headers.delete('content-encoding');
    answer.headers.delete('content-length');
  }
  const connection = answer.headers.get('connection');
  for (const name of HOP_BY_HOP) answer.headers.delete(name);
  for (const name of connection?.split(',') ?? []) answer.headers.delete(name.trim());
  const cookies = upstreamCookies(response, shared);
  answer.headers.delete('set-cookie');
  for (const cookie of cookies) answer.headers.append('set-cookie', cookie);
  const location = answer.headers.get('location');
  if (location) {
    const url = new URL(location, target);
    if (url.origin === target.origin)
      answer.headers.set('location', url.pathname + url.search + url.hash);
  }
  // An answer given to a viewer's Bearer is that viewer's, whatever the upstream says.
  if (!shared && /\bpublic\b|\bs-maxage\b/.test(answer.headers.get('cache-control') ?? ''))
    answer.headers.set('cache-control', 'private, no-cache');
  return answer;
}

/**
 * docs/product.md, «When things go wrong»: an upstream error answers with the error envelope. An
 * envelope is passed on as it is; other JSON gives its message and reason to one; a body that is
 * not JSON becomes «Сервис недоступен. Попробуйте позже» with reason 'Server unavailable'.
 */
async function errorOf(response: Response, shared: boolean): Promise<Response> {
  const headers = new Headers();
  for (const name of ['retry-after', 'www-authenticate', 'allow']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  for (const cookie of upstreamCookies(response, shared)) headers.append('set-cookie', cookie);
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const read = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  const details = read?.details && typeof read.details === 'object' ? read.details : null;
  const reason = (details as Record<string, unknown> | null)?.reason ?? read?.reason;
  const error =
    read && typeof read.message === 'string' && typeof reason === 'string'
      ? { ...read, details: { ...(details ?? {}), reason } }
      : read && typeof read.message === 'string'
        ? envelope(read.message, `upstream_${response.status}`)
        : envelope(texts.serverUnavailable, 'Server unavailable');
  headers.set('content-type', 'application/json; charset=UTF-8');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(error), { status: response.status, headers });
}

const unavailable = (c: Context<AppEnv>, message: string, reason: string) =>
  c.json(envelope(message, reason), 503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });

/**
 * Edge proxy mode (README, «Edge proxy mode»): with API_URL, CONTENT_URL or BILLING_URL naming
 * another origin, the spec's API paths are forwarded there and the rest of the app is left to the
 * pages. The visitor's session becomes `Authorization: Bearer` here, on the server, so no script
 * needs the token; our cookies stay with us. An upstream that does not answer within
 * UPSTREAM_TIMEOUT_MS, or cannot be reached, is a 503 in Russian. Mounted inside the CMS edge
 * cache, which keeps shared reads by the same variants as the local routes.
 * @example app.use(upstreamProxy({ forwarded: ['/cms'], local: [] }))
 */
export const upstreamProxy = (paths: ForwardedPaths) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const upstream = config().upstream;
    const base = upstream && upstreamBase(c.req.path, upstream, paths);
    if (!upstream || !base) return next();
    const shared = isSharedRead(c);
    const request = await upstreamRequest(c, base, shared);
    // The timeout covers the wait for the answer (and an error's body), not a long body streaming in.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), upstream.timeoutMs);
    try {
      const response = await fetch(request, { signal: abort.signal });
      if (response.status >= 500)
        reportFailure(
          'upstream',
          { status: response.status, path: c.req.path },
          {
            request: c.req.raw,
          },
        );
      if (response.status >= 400) return await errorOf(response, shared);
      return answerOf(
        response,
        new URL(request.url),
        shared,
        c.req.header('accept-encoding') ?? '',
      );
    } catch {
      const reason = abort.signal.aborted ? 'upstream_timeout' : 'upstream_unreachable';
      reportFailure('upstream', { reason, path: c.req.path }, { request: c.req.raw });
      return abort.signal.aborted
        ? unavailable(c, texts.upstreamTimeout, reason)
        : unavailable(c, texts.serverUnavailable, reason);
    } finally {
      clearTimeout(timer);
    }
  });
