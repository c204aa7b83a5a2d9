import { Hono, type MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { DEV_BASIC_AUTH_APIS, mountDevFakes } from './dev/index.ts';
import { apiGroups } from './http/api-groups.ts';
import { isApiPath, PAGES_AT_PREFIX } from './lib/api-paths.ts';
import type { AppEnv } from './lib/app-env.ts';
import { errorResponse, notFoundResponse } from './lib/errors.ts';
import { allowedMethods, pageMethods } from './middleware/allowed-methods.ts';
import { attribution } from './middleware/attribution.ts';
import { bodyLimits } from './middleware/body-limit.ts';
import { canonicalPath } from './middleware/canonical-path.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { customerOpened } from './middleware/customer-opened.ts';
import { d1Bookmark, d1Session } from './middleware/d1-session.ts';
import { devD1Outage } from './middleware/dev-d1-outage.ts';
import { edgeCache } from './middleware/edge-cache.ts';
import { edgeContext } from './middleware/edge-context.ts';
import { pageHeaders } from './middleware/page-headers.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { typesetHtml } from './middleware/typeset-html.ts';
import { upstreamProxy } from './middleware/upstream-proxy.ts';

/** False in a production build (astro.config.mjs): the development fakes are left out of it. */
declare const __DEV_FAKES__: boolean;

/**
 * The Worker's Hono app: edge middleware, then the JSON API under the spec's paths, then
 * `pages` (Astro in src/fetch.ts; absent in Worker tests, where the API is under test), of which
 * `formPages` (route paths, `/*` for every page under one) also take their form's POST.
 * @example export default createEdgeApp(astroPages, { formPages: new Set(['/code']) })
 */
export function createEdgeApp(
  pages?: MiddlewareHandler<AppEnv>,
  { formPages = new Set<string>() }: { formPages?: ReadonlySet<string> } = {},
) {
  // Not strict: the spec's paths end with a slash (`/auth/email/sign_in/`), clients may drop it.
  const app = new Hono<AppEnv>({ strict: false });
  const groups = apiGroups(app);
  const api = groups.filter((group) => group.api).map((group) => group.prefix);
  app.onError(errorResponse);
  // First: everything the request reads from D1 is one session, from the viewer's bookmark or
  // anywhere (docs/decisions.md, "Every request reads in one D1 session").
  app.use(d1Session(api));
  // Before anything that may fail: an error's answer is a page or the envelope by the path.
  app.use(async (c, next) => {
    c.set('apiPath', isApiPath(c.req.path, api));
    await next();
  });
  // Development only: D1 out of reach for one request that asks (browser journeys of an outage).
  app.use(devD1Outage);
  // pageHeaders is outermost: it decides Cache-Control once every cookie of the answer is set,
  // the bookmark of a request that wrote included.
  app.use(pageHeaders, d1Bookmark, securityHeaders);
  // A body above its group's limit (api-groups.ts) is a 413 before anything else reads it or
  // waits on D1: decided from Content-Length when declared, else counted while read. Page forms
  // (support, settings, /code) are url-encoded: the longest, a 4,000-character Cyrillic support
  // message, is ~24 KB that way, under the pages' 64 KB.
  app.use(
    bodyLimits(
      groups.map((group) => ({ prefix: group.prefix, kb: group.bodyLimitKb })),
      pages ? 64 : undefined,
    ),
  );
  app.use(edgeContext);
  // The method first, whoever asks: a known API path asked with a method none of its routes
  // answers is a 405 with Allow, not a 404; pages answer GET and HEAD (and POST where a page has
  // a form of its own). Only then the cross-site check of what is left.
  app.use(allowedMethods(() => app.routes));
  if (pages) {
    const pageMethodCheck = pageMethods(formPages);
    app.use(async (c, next) => (c.var.apiPath ? next() : pageMethodCheck(c, next)));
  }
  // The sandbox acquirer's API takes a shop's Basic-auth calls, as YooKassa's does (development).
  app.use(csrfGuard({ basicAuthApis: __DEV_FAKES__ ? DEV_BASIC_AUTH_APIS : [] }), attribution);
  app.use(customerOpened);

  // CMS answers are shared by many visitors: ETags let browsers revalidate cheaply, and the edge
  // cache (inside the ETag layer, so a 304 works for cached answers too) spares D1.
  app.use('/cms/*', etag(), edgeCache('cms'));
  // Edge proxy mode (API_URL and co. naming another origin): the API paths go upstream from here.
  const forwarded = groups.filter((group) => group.forwarded);
  app.use(
    upstreamProxy({
      forwarded: forwarded.map((group) => group.prefix),
      local: forwarded.flatMap((g) => g.mounts.filter((m) => m.local).map((m) => g.prefix + m.at)),
    }),
  );
  for (const { prefix, mounts } of groups)
    for (const { at, routes } of mounts) app.route(`${prefix}${at}`, routes);
  // Development builds only (functions/dev/): the local identity provider that stands in for VK,
  // OK, Yandex, Google, Facebook, and the sandbox acquirer; DEV_ROUTES switches them at run time.
  if (__DEV_FAKES__) mountDevFakes(app);

  for (const prefix of api)
    app.all(`${prefix}/*`, async (c, next) =>
      PAGES_AT_PREFIX.has(c.req.path) ? next() : notFoundResponse(c),
    );
  // API paths never get here: they accept both spellings.
  // Pages are typeset inside the edge cache, so a cached page was typeset once, when it was filled.
  if (pages) app.all('*', canonicalPath, edgeCache('page'), typesetHtml, pages);
  return app;
}
