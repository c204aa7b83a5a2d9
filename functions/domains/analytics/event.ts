import { z } from 'zod';
import { PAGE_TYPES, type PageType, pageTypeOf, titleIdOf } from '../../shared/page-type.ts';

const id = z.string().max(64);
const text = z.string().max(2000);

/** docs/product.md, «Numbers»: the user agent is kept to 500 characters. */
export const USER_AGENT_LIMIT = 500;

const common = {
  viewId: z.string().min(8).max(64),
  accountId: id,
  profileId: id,
  billingId: id,
  isKid: z.boolean(),
  device: z.object({
    deviceId: id,
    type: z.string().max(16),
    vendor: z.string().max(64),
    model: z.string().max(64),
    os: z.string().max(64),
    osVersion: z.string().max(64),
    browserType: z.string().max(64),
    browserVersion: z.string().max(64),
  }),
  platform: z.string().max(16),
  url: z.object({ host: z.string().max(255), path: text, query: text }),
  utm: z.object({ source: text, medium: text, campaign: text, content: text }),
  referer: text,
};

/** The view event the player sends when playback starts (src/components/player/view-event.ts). */
export const viewEventSchema = z.object({
  ...common,
  action: z.literal('view'),
  meta: z.object({
    contentId: z.number().int().nonnegative(),
    episodeId: z.number().int().nonnegative(),
    contentType: z.string().max(16),
    live: z.boolean(),
    channel: z.string().max(64).optional(),
    position: z.number().nonnegative(),
  }),
});

/** The page view every page's beacon sends (src/components/analytics/page-view.ts). */
export const pageViewEventSchema = z.object({
  ...common,
  action: z.literal('page_view'),
  meta: z.object({ pageType: z.enum(PAGE_TYPES) }),
});

export const statEventSchema = z.discriminatedUnion('action', [
  viewEventSchema,
  pageViewEventSchema,
]);
export type StatEvent = z.infer<typeof statEventSchema>;

/**
 * Query parameters whose values are kept: the rest keep their name with the value dropped, since a
 * link may carry a reset token, a sign-in code or an address (docs/product.md, «What we measure»).
 */
const KEPT_VALUES = new Set([
  'season',
  'episode',
  'play',
  'page',
  'q',
  'slug',
  'poll_slug',
  'date',
  'partner',
  'step',
]);

/**
 * The query as stored: kept values for the harmless parameters and utm_*, bare names otherwise.
 * @example storedQuery('season=1&token=abc') // 'season=1&token='
 */
export function storedQuery(query: string): string {
  const out = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query)) {
    // Kept values lose an e-mail address: a mail campaign may put one in utm_content.
    out.append(key, KEPT_VALUES.has(key) || key.startsWith('utm_') ? withoutEmail(value) : '');
  }
  return out.toString().slice(0, 2000);
}

/**
 * A campaign value without an e-mail address in it. Only addresses: campaign and ad ids are long
 * numbers that the general scrubbing would take for cards or phones.
 * @example withoutEmail('newsletter-ivan@mail.ru') // 'newsletter-[email]'
 */
const withoutEmail = (value: string) => value.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]');

/**
 * The referer as stored: origin and path, never its query (another site's tokens stay there).
 * @example storedReferer('https://ya.ru/search?text=x') // 'https://ya.ru/search'
 */
export function storedReferer(referer: string): string {
  try {
    const url = new URL(referer);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin + url.pathname : '';
  } catch {
    return '';
  }
}

/** What the request adds to the event: the browser's user agent and the receiving clock. */
export interface Received {
  userAgent: string;
  at: number;
}

/** A stored row's values: what one INSERT writes (functions/domains/analytics/repo.ts). */
export interface EventRow {
  receivedAt: number;
  day: string;
  action: StatEvent['action'];
  viewId: string;
  pageType: PageType;
  accountId: string;
  profileId: string;
  billingId: string;
  isKid: boolean;
  platform: string;
  device: string;
  urlHost: string;
  urlPath: string;
  urlQuery: string;
  utm: StatEvent['utm'];
  referer: string;
  contentId: number | null;
  episodeId: number | null;
  meta: string;
  userAgent: string;
}

/** The row an event becomes: page type and title from the URL for a play, scrubbed query and referer. */
export function eventRow(event: StatEvent, received: Received, day: string): EventRow {
  const isView = event.action === 'view';
  return {
    receivedAt: received.at,
    day,
    action: event.action,
    viewId: event.viewId,
    pageType: isView ? pageTypeOf(event.url.path, event.url.query) : event.meta.pageType,
    accountId: event.accountId,
    profileId: event.profileId,
    billingId: event.billingId,
    isKid: event.isKid,
    platform: event.platform,
    device: JSON.stringify(event.device),
    urlHost: event.url.host,
    urlPath: event.url.path,
    urlQuery: storedQuery(event.url.query),
    utm: {
      source: withoutEmail(event.utm.source),
      medium: withoutEmail(event.utm.medium),
      campaign: withoutEmail(event.utm.campaign),
      content: withoutEmail(event.utm.content),
    },
    referer: storedReferer(event.referer),
    contentId: isView ? event.meta.contentId : titleIdOf(event.url.path),
    episodeId: isView ? event.meta.episodeId : null,
    meta: JSON.stringify(event.meta),
    userAgent: received.userAgent.slice(0, USER_AGENT_LIMIT),
  };
}
