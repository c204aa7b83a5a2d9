import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { etag } from 'hono/etag';
import { z } from 'zod';
import { mountDevFakes } from './dev/index.ts';
import { apiDoc } from './http/api-doc.ts';
import { authRoutes } from './http/auth.ts';
import { billingAccountRoutes } from './http/billing-account.ts';
import { billingCatalogueRoutes } from './http/billing-catalogue.ts';
import { billingOrderRoutes } from './http/billing-orders.ts';
import { catalogueRoutes } from './http/catalogue.ts';
import { consentRoutes } from './http/consent.ts';
import { contentRoutes } from './http/content.ts';
import { devApiRoutes } from './http/dev.ts';
import { flagRoutes } from './http/flags.ts';
import { mediaRoutes } from './http/media.ts';
import { mediaHlsRoutes } from './http/media-hls.ts';
import { metadataRoutes } from './http/metadata.ts';
import { continueRoutes, favouriteRoutes, historyRoutes, voteRoutes } from './http/my.ts';
import { eventManagerRoutes, freeDaysRoutes, pollRoutes, voucherRoutes } from './http/offers.ts';
import { openApiRoutes } from './http/openapi.ts';
import { parentalRoutes } from './http/parental.ts';
import { premiereRoutes } from './http/premieres.ts';
import { productRoutes } from './http/products.ts';
import { profileRoutes } from './http/profiles.ts';
import { searchRoutes } from './http/search.ts';
import { seoRoutes } from './http/seo.ts';
import { showcaseRoutes } from './http/showcases.ts';
import { socialRoutes } from './http/social.ts';
import { staffRoutes } from './http/staff.ts';
import { statRoutes } from './http/stat.ts';
import { supportRoutes } from './http/support.ts';
import { techPageRoutes } from './http/tech-pages.ts';
import { tvRoutes } from './http/tv.ts';
import { tvCodeRoutes } from './http/tv-code.ts';
import { watchRoutes } from './http/watch.ts';
import { API_PREFIXES, isPagePath, PAGES_AT_PREFIX } from './lib/api-paths.ts';
import type { AppEnv } from './lib/app-env.ts';
import { envelope, errorResponse, notFoundResponse } from './lib/errors.ts';
import { allowedMethods, pageMethods } from './middleware/allowed-methods.ts';
import { attribution } from './middleware/attribution.ts';
import { canonicalPath } from './middleware/canonical-path.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { customerOpened } from './middleware/customer-opened.ts';
import { devD1Outage } from './middleware/dev-d1-outage.ts';
import { edgeCache } from './middleware/edge-cache.ts';
import { edgeContext } from './middleware/edge-context.ts';
import { pageHeaders } from './middleware/page-headers.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { typesetHtml } from './middleware/typeset-html.ts';
import { upstreamProxy } from './middleware/upstream-proxy.ts';
import { texts } from './shared/texts.ts';

/** False in a production build (astro.config.mjs): the development fakes are left out of it. */
declare const __DEV_FAKES__: boolean;

const health = z.object({ status: z.literal('ok') });

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
  app.onError(errorResponse);
  // Development only: D1 out of reach for one request that asks (browser journeys of an outage).
  app.use(devD1Outage);
  // pageHeaders is outermost: it decides Cache-Control once every cookie of the answer is set.
  app.use(pageHeaders, securityHeaders, edgeContext);
  // The method first, whoever asks: a known API path asked with a method none of its routes
  // answers is a 405 with Allow, not a 404; pages answer GET and HEAD (and POST where a page has
  // a form of its own). Only then the cross-site check of what is left.
  app.use(allowedMethods(() => app.routes));
  if (pages) {
    const pageMethodCheck = pageMethods(formPages);
    app.use(async (c, next) => (isPagePath(c.req.path) ? pageMethodCheck(c, next) : next()));
  }
  app.use(csrfGuard, attribution);
  app.use(customerOpened);

  // CMS answers are shared by many visitors: ETags let browsers revalidate cheaply, and the edge
  // cache (inside the ETag layer, so a 304 works for cached answers too) spares D1.
  app.use('/cms/*', etag(), edgeCache('cms'));
  // The API's bodies are a few short fields (a support message at most 4,000 characters): anything
  // bigger is refused with 413 before it is read or parsed.
  const limit = (kb: number) =>
    bodyLimit({
      maxSize: kb * 1024,
      onError: (c) => c.json(envelope(texts.tooLarge, 'payload_too_large'), 413),
    });
  app.use('/auth/*', limit(8));
  app.use('/api/*', limit(32));
  // The other API prefixes too, so in edge proxy mode nothing big is read whole and sent on.
  for (const prefix of ['/billing', '/cms', '/favourites', '/likes', '/continue-watching'])
    app.use(`${prefix}/*`, limit(32));
  // Edge proxy mode (API_URL and co. naming another origin): the API paths go upstream from here.
  app.use(upstreamProxy);
  // Liveness for deploy checks and the bench's trivial route: no D1, no work.
  app.get('/api/health', apiDoc({ tag: 'service', summary: 'Живость', answers: { 200: health } }));
  app.get('/api/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.route('/api/client/features', flagRoutes);
  app.route('/api/consent', consentRoutes);
  app.route('/api/support', supportRoutes);
  app.route('/api/openapi.json', openApiRoutes(app));
  app.route('/auth/accounts', parentalRoutes);
  app.route('/auth', profileRoutes);
  app.route('/auth/socials', socialRoutes);
  app.route('/auth/tv_code', tvCodeRoutes);
  app.route('/auth', authRoutes);
  app.route('/cms/tech-pages', techPageRoutes);
  app.route('/cms/content', contentRoutes);
  app.route('/cms/catalogue', catalogueRoutes);
  app.route('/cms/search', searchRoutes);
  app.route('/cms/showcases', showcaseRoutes);
  app.route('/cms/tv', tvRoutes);
  app.route('/cms/premieres', premiereRoutes);
  app.route('/cms/products', productRoutes);
  app.route('/cms/metadata', metadataRoutes);
  app.route('/cms/seo-texts', seoRoutes);
  app.route('/cms/content_experience', watchRoutes);
  app.route('/media/art', mediaRoutes);
  app.route('/media/hls', mediaHlsRoutes);
  // The viewer's lists (functions/http/my.ts): history, continue watching, favourites, votes.
  app.route('/cms/content_experience/history', historyRoutes);
  app.route('/continue-watching', continueRoutes);
  app.route('/favourites', favouriteRoutes);
  app.route('/likes', voteRoutes);
  app.route('/v2/event', statRoutes);
  app.route('/api/staff', staffRoutes);
  app.route('/billing', billingCatalogueRoutes);
  // The viewer's subscriptions, cards, receipts and gifts (functions/http/billing-account.ts).
  app.route('/billing', billingAccountRoutes);
  // Promo codes and vouchers, polls, the event manager (functions/http/offers.ts).
  app.route('/billing/vouchers', voucherRoutes);
  app.route('/billing/free-days', freeDaysRoutes);
  app.route('/cms/polls', pollRoutes);
  app.route('/api/event-manager/v8', eventManagerRoutes);
  // Development only (DEV_ROUTES): the D1 meter and the message outbox; a 404 in production.
  app.route('/dev/api', devApiRoutes);
  // Orders, payments and the acquirer's webhook (functions/http/billing-orders.ts).
  app.route('/billing', billingOrderRoutes);
  // Development builds only (functions/dev/): the local identity provider that stands in for VK,
  // OK, Yandex, Google, Facebook, and the sandbox acquirer; DEV_ROUTES switches them at run time.
  if (__DEV_FAKES__) mountDevFakes(app);

  for (const prefix of API_PREFIXES)
    app.all(`${prefix}/*`, async (c, next) =>
      PAGES_AT_PREFIX.has(c.req.path) ? next() : notFoundResponse(c),
    );
  // Page forms (support, settings, /code) are url-encoded: the longest, a 4,000-character Cyrillic
  // support message, is ~24 KB that way. Other pages answer only GET and HEAD. API paths never get
  // here: they accept both spellings.
  // Pages are typeset inside the edge cache, so a cached page was typeset once, when it was filled.
  if (pages) app.all('*', limit(64), canonicalPath, edgeCache('page'), typesetHtml, pages);
  return app;
}
