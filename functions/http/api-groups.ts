import type { Hono } from 'hono';
import { LOCAL_PROVIDER_BASE } from '../domains/social/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { aeroflotRoutes } from './aeroflot.ts';
import { authRoutes } from './auth.ts';
import { billingAccountRoutes } from './billing-account.ts';
import { billingCatalogueRoutes } from './billing-catalogue.ts';
import { billingOrderRoutes } from './billing-orders.ts';
import { catalogueRoutes } from './catalogue.ts';
import { consentRoutes } from './consent.ts';
import { contentRoutes } from './content.ts';
import { devApiRoutes } from './dev.ts';
import { flagRoutes } from './flags.ts';
import { healthRoutes } from './health.ts';
import { mediaRoutes } from './media.ts';
import { mediaHlsRoutes } from './media-hls.ts';
import { metadataRoutes } from './metadata.ts';
import { continueRoutes, favouriteRoutes, historyRoutes, voteRoutes } from './my.ts';
import { eventManagerRoutes, freeDaysRoutes, pollRoutes, voucherRoutes } from './offers.ts';
import { openApiRoutes } from './openapi.ts';
import { parentalRoutes } from './parental.ts';
import { premiereRoutes } from './premieres.ts';
import { productRoutes } from './products.ts';
import { profileRoutes } from './profiles.ts';
import { searchRoutes } from './search.ts';
import { seoRoutes } from './seo.ts';
import { showcaseRoutes } from './showcases.ts';
import { socialRoutes } from './social.ts';
import { staffRoutes } from './staff.ts';
import { statRoutes } from './stat.ts';
import { supportRoutes } from './support.ts';
import { techPageRoutes } from './tech-pages.ts';
import { tvRoutes } from './tv.ts';
import { tvCodeRoutes } from './tv-code.ts';
import { watchRoutes } from './watch.ts';

// biome-ignore lint/suspicious/noExplicitAny: route groups hold routers of any schema.
type Routes = Hono<AppEnv, any, any>;

/** Routes mounted at a path below the group's prefix ('' for the prefix itself). */
interface Mount {
  at: string;
  routes: Routes;
  /** Stays with this Worker in edge proxy mode, though its group is forwarded. */
  local?: true;
}

/**
 * The routes under one path prefix: the one list the app mounts from, and from which the API's
 * prefixes, the body limits and edge proxy mode's forwarding are derived (functions/app.ts).
 */
export interface RouteGroup {
  prefix: string;
  /**
   * false for paths that are not the JSON API (media): an unknown one falls through to the pages.
   * Otherwise nothing below the prefix reaches a page, and an unknown path is the envelope's 404.
   */
  api: boolean;
  /**
   * Bodies above this many KB are refused with 413 before they are read or parsed: from their
   * Content-Length when they declare one, else as soon as reading passes it
   * (functions/middleware/body-limit.ts). The API's bodies are a few short fields (a support
   * message at most 4,000 characters); every forwarded group has one, so in edge proxy mode
   * nothing big is read whole and sent on.
   */
  bodyLimitKb?: number;
  /** Edge proxy mode sends its paths upstream (but for the `local` mounts). */
  forwarded: boolean;
  /** In mounting order: where two routers answer one path, the first mounted wins. */
  mounts: Mount[];
}

const one = (routes: Routes): Mount[] => [{ at: '', routes }];

/**
 * The app's route groups. `app` is the one whose OpenAPI document `/api/openapi.json` serves.
 * The development fakes (functions/dev/) add their routes under `/dev/oauth` and `/dev/yookassa`
 * in a development build; their groups stand here so that elsewhere their paths stay the API's 404.
 * @example for (const group of apiGroups(app)) for (const m of group.mounts) app.route(group.prefix + m.at, m.routes)
 */
export const apiGroups = (app: Hono<AppEnv>): RouteGroup[] => [
  {
    prefix: '/api',
    api: true,
    bodyLimitKb: 32,
    forwarded: true,
    mounts: [
      { at: '/health', routes: healthRoutes, local: true },
      { at: '/client/features', routes: flagRoutes },
      // The cookie banner's consent is a cookie of this site.
      { at: '/consent', routes: consentRoutes, local: true },
      { at: '/support', routes: supportRoutes },
      { at: '/openapi.json', routes: openApiRoutes(app) },
      { at: '/staff', routes: staffRoutes },
      // The event manager (functions/http/offers.ts).
      { at: '/event-manager/v8', routes: eventManagerRoutes },
    ],
  },
  {
    prefix: '/auth',
    api: true,
    bodyLimitKb: 8,
    forwarded: true,
    mounts: [
      { at: '/accounts', routes: parentalRoutes },
      { at: '', routes: profileRoutes },
      { at: '/socials', routes: socialRoutes },
      { at: '/tv_code', routes: tvCodeRoutes },
      { at: '', routes: authRoutes },
    ],
  },
  {
    prefix: '/cms',
    api: true,
    bodyLimitKb: 32,
    forwarded: true,
    mounts: [
      { at: '/tech-pages', routes: techPageRoutes },
      { at: '/content', routes: contentRoutes },
      { at: '/catalogue', routes: catalogueRoutes },
      { at: '/search', routes: searchRoutes },
      { at: '/showcases', routes: showcaseRoutes },
      { at: '/tv', routes: tvRoutes },
      { at: '/premieres', routes: premiereRoutes },
      { at: '/products', routes: productRoutes },
      { at: '/metadata', routes: metadataRoutes },
      { at: '/seo-texts', routes: seoRoutes },
      { at: '/content_experience', routes: watchRoutes },
      // The viewer's lists (functions/http/my.ts): history here, the others at their own prefixes.
      { at: '/content_experience/history', routes: historyRoutes },
      { at: '/polls', routes: pollRoutes },
    ],
  },
  {
    prefix: '/media',
    api: false,
    forwarded: false,
    mounts: [
      { at: '/art', routes: mediaRoutes },
      { at: '/hls', routes: mediaHlsRoutes },
    ],
  },
  {
    prefix: '/continue-watching',
    api: true,
    bodyLimitKb: 32,
    forwarded: true,
    mounts: one(continueRoutes),
  },
  {
    prefix: '/favourites',
    api: true,
    bodyLimitKb: 32,
    forwarded: true,
    mounts: one(favouriteRoutes),
  },
  { prefix: '/likes', api: true, bodyLimitKb: 32, forwarded: true, mounts: one(voteRoutes) },
  // The stat collector: in edge proxy mode its host is STAT_URL, which the player calls itself.
  { prefix: '/v2', api: true, forwarded: false, mounts: [{ at: '/event', routes: statRoutes }] },
  {
    prefix: '/billing',
    api: true,
    bodyLimitKb: 32,
    forwarded: true,
    mounts: [
      { at: '', routes: billingCatalogueRoutes },
      // The viewer's subscriptions, cards, receipts and gifts (functions/http/billing-account.ts).
      { at: '', routes: billingAccountRoutes },
      // Promo codes and vouchers, free days (functions/http/offers.ts).
      { at: '/vouchers', routes: voucherRoutes },
      { at: '/free-days', routes: freeDaysRoutes },
      // The account's Aeroflot Bonus number (functions/http/aeroflot.ts).
      { at: '/aeroflot-card', routes: aeroflotRoutes },
      // Orders, payments and the acquirer's webhook (functions/http/billing-orders.ts).
      { at: '', routes: billingOrderRoutes },
    ],
  },
  // Development only (DEV_ROUTES): the D1 meter and the message outbox; a 404 in production.
  { prefix: '/dev/api', api: true, forwarded: false, mounts: one(devApiRoutes) },
  // The local identity provider and the sandbox acquirer (functions/dev/, mounted by the app; the
  // sandbox's base is spelled here because only the app may import it: app.test.ts checks both).
  { prefix: LOCAL_PROVIDER_BASE, api: true, forwarded: false, mounts: [] },
  { prefix: '/dev/yookassa', api: true, forwarded: false, mounts: [] },
];
