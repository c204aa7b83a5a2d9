/**
 * The attribution rule table (docs/product.md, «What we keep» and «How things change» and «Numbers»; the table itself is in docs/decisions.md).
 * Pure: given a landing URL and its Referer, says whether the visit replaces the stored
 * attribution and with what. Last paid touch wins; visits that are not paid (or not one of the
 * spec's named sources) leave the stored attribution alone.
 */

const DAY_SECONDS = 86_400;

/** docs/product.md, «Numbers»: attribution cookies live 30 days... */
export const ATTRIBUTION_MAX_AGE = 30 * DAY_SECONDS;
/** ...longer for one affiliate: admitad, whose standard integration keeps its click 90 days. */
export const ADMITAD_MAX_AGE = 90 * DAY_SECONDS;
/** docs/product.md, «Numbers»: "partner uid value 30" — the click id lives 30 days, whatever the affiliate's window. */
export const PARTNER_UID_MAX_AGE = 30 * DAY_SECONDS;
/** docs/product.md, «Numbers»: the user_status (old/new) cookie lives 30 days. */
export const USER_STATUS_MAX_AGE = 30 * DAY_SECONDS;

/** Media whose click always takes over the attribution (docs/product.md, «How things change»). */
const PAID_MEDIA = new Set(['cpc', 'cpm', 'partners', 'special']);

/**
 * The known affiliates (docs/product.md, «What we keep»), each with the query parameter its tracking link puts
 * the click id in (the id its postback needs) and how long its click is remembered.
 */
export const AFFILIATES = {
  advcake: { clickIdParam: 'advcake_params', maxAge: ATTRIBUTION_MAX_AGE },
  admitad: { clickIdParam: 'admitad_uid', maxAge: ADMITAD_MAX_AGE },
} as const;
export type Affiliate = keyof typeof AFFILIATES;

/** Film portals whose links count as a referral (the Referer host or any subdomain of it). */
export const FILM_PORTALS = [
  'kinopoisk.ru',
  'afisha.ru',
  'kino-teatr.ru',
  'film.ru',
  'kinorium.com',
  'kinonews.ru',
  'kg-portal.ru',
  'kino.mail.ru',
] as const;

/** utm_source values that name a news feed, for utm_medium=article_direct. */
export const NEWS_FEED_SOURCES = new Set([
  'dzen',
  'zen',
  'dzen.ru',
  'yandex_news',
  'news.yandex.ru',
  'google_news',
  'news.google.com',
  'pulse',
  'pulse.mail.ru',
  'rambler_news',
  'news.rambler.ru',
]);

/** Longest utm value kept; anything longer is junk, not a campaign name. */
export const MAX_UTM_LENGTH = 100;
// Letters and digits of any script (campaign names may be Russian) and the punctuation ad
// platforms put in their macros ({ad_id}|{phrase_id}); no quotes, angle brackets, ; or %.
const UTM_VALUE = /^[\p{L}\p{M}\p{N} _.\-~+:|/@!(){}[\],=*]+$/u;
// Affiliate click ids are hex or UUID-like tokens.
const CLICK_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface Utm {
  source: string | null;
  medium: string;
  campaign: string | null;
  content: string | null;
}

/** What a visit does to the stored attribution. */
export type Touch = { kind: 'keep'; rule: KeepRule } | Replacement;

/** The new attribution: every cookie is written, a null one removed. */
export interface Replacement {
  kind: 'replace';
  rule: ReplaceRule;
  utm: Utm;
  partner: Affiliate | null;
  partnerUid: string | null;
  maxAge: number;
}

export type ReplaceRule = 'paid' | 'affiliate' | 'news-feed' | 'film-portal';
export type KeepRule =
  | 'cpa-unknown-source'
  | 'article-direct-other-source'
  | 'other-medium'
  | 'no-utm';

/**
 * A query value fit to store: trimmed, 1 to 100 characters of the allowed set; otherwise null.
 * @example utmValue(' summer_sale ') // 'summer_sale'
 * @example utmValue('<script>') // null
 */
export function utmValue(raw: string | null): string | null {
  const value = raw?.trim() ?? '';
  return value.length > 0 && value.length <= MAX_UTM_LENGTH && UTM_VALUE.test(value) ? value : null;
}

/**
 * The film portal a Referer comes from (its listed domain), or null.
 * @example filmPortalOf('https://www.kinopoisk.ru/film/1/') // 'kinopoisk.ru'
 */
export function filmPortalOf(referer: string | undefined): string | null {
  if (!referer) return null;
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return null;
  }
  return FILM_PORTALS.find((portal) => host === portal || host.endsWith(`.${portal}`)) ?? null;
}

const lower = (value: string | null) => utmValue(value)?.toLowerCase() ?? null;

/**
 * Applies the rule table to one page navigation. First matching row wins.
 * @example touchOf(new URL('https://site/?utm_source=yandex&utm_medium=cpc'), undefined)
 *   // { kind: 'replace', rule: 'paid', utm: { source: 'yandex', medium: 'cpc', ... }, partner: null, ... }
 */
export function touchOf(url: URL, referer: string | undefined): Touch {
  const query = url.searchParams;
  const rawMedium = query.get('utm_medium')?.trim().toLowerCase() ?? '';
  const source = lower(query.get('utm_source'));
  const fromQuery = (medium: string): Utm => ({
    source,
    medium,
    campaign: utmValue(query.get('utm_campaign')),
    content: utmValue(query.get('utm_content')),
  });
  const replace = (rule: ReplaceRule, utm: Utm): Replacement => ({
    kind: 'replace',
    rule,
    utm,
    partner: null,
    partnerUid: null,
    maxAge: ATTRIBUTION_MAX_AGE,
  });

  if (PAID_MEDIA.has(rawMedium)) return replace('paid', fromQuery(rawMedium));
  if (rawMedium === 'cpa') {
    if (source !== 'advcake' && source !== 'admitad')
      return { kind: 'keep', rule: 'cpa-unknown-source' };
    const affiliate = AFFILIATES[source];
    const clickId = query.get(affiliate.clickIdParam)?.trim() ?? '';
    return {
      ...replace('affiliate', fromQuery(rawMedium)),
      partner: source,
      partnerUid: CLICK_ID.test(clickId) ? clickId : null,
      maxAge: affiliate.maxAge,
    };
  }
  if (rawMedium === 'article_direct') {
    if (source !== null && NEWS_FEED_SOURCES.has(source))
      return replace('news-feed', fromQuery(rawMedium));
    return { kind: 'keep', rule: 'article-direct-other-source' };
  }
  if (rawMedium !== '') return { kind: 'keep', rule: 'other-medium' };

  const portal = filmPortalOf(referer);
  if (portal) return replace('film-portal', { ...fromQuery('referral'), source: portal });
  return { kind: 'keep', rule: 'no-utm' };
}
