/**
 * Attribution rules (spec sections 4 and 9): which landing visits update, keep or remove the
 * attribution cookies. Pure; the middleware applies the outcome. Table: docs/decisions.md.
 */

/** utm_medium values of paid channels that always take the attribution (spec section 4). */
export const PAID_MEDIA = ['cpc', 'cpm', 'partners', 'special'] as const;

/** Affiliate networks trusted with utm_medium=cpa, the query parameter carrying their click id, and their window. */
export const AFFILIATES = {
  admitad: { uidParam: 'admitad_uid', days: 90 },
  advcake: { uidParam: 'advcake_trackid', days: 30 },
} as const;
export type Affiliate = keyof typeof AFFILIATES;

/** Film portals whose referrals count as a campaign (host or any subdomain). */
export const FILM_PORTALS = ['kinopoisk.ru', 'afisha.ru', 'kino.mail.ru', 'kinoafisha.info', 'film.ru', 'kino-teatr.ru', 'kinorium.com', 'kinonews.ru'];

/** News feeds whose utm_medium=article_direct links count as a campaign (their utm_source values). */
export const NEWS_FEEDS = ['yxnews', 'dzen', 'mail_news', 'rambler_news'];

/** Section 9: attribution cookies and the old/new flag live 30 days; so does the partner uid. */
export const ATTRIBUTION_DAYS = 30;
export const USER_STATUS_DAYS = 30;
export const PARTNER_UID_DAYS = 30;

export interface Utm {
  source?: string;
  medium?: string;
  campaign?: string;
  content?: string;
}

export type AttributionOutcome =
  | { action: 'set'; rule: string; utm: Utm; partner?: string; partnerUid?: string; days: number }
  | { action: 'remove'; rule: string }
  | { action: 'keep'; rule: string };

const MAX_VALUE = 200;

/** A tracking value as it may be stored: trimmed, printable, at most 200 characters; else absent. */
export function cleanValue(value: string | null | undefined): string | undefined {
  const cleaned = (value ?? '').replace(/[\u0000-\u001f\u007f<>"'`\\;]/g, '').trim().slice(0, MAX_VALUE);
  return cleaned === '' ? undefined : cleaned;
}

function portalOf(referer: string | undefined, ownHost: string): string | undefined {
  if (!referer) return undefined;
  try {
    const host = new URL(referer).hostname.toLowerCase().replace(/^www\./, '');
    if (host === ownHost) return undefined;
    return FILM_PORTALS.find((portal) => host === portal || host.endsWith(`.${portal}`));
  } catch {
    return undefined;
  }
}

/**
 * Decides what a landing visit does to the attribution cookies: the first matching row wins.
 * @example attributionFor(new URL('https://x/?utm_source=ya&utm_medium=cpc'), undefined) // { action: 'set', rule: 'paid', ... }
 */
export function attributionFor(url: URL, referer: string | undefined): AttributionOutcome {
  const q = url.searchParams;
  const utm: Utm = {
    source: cleanValue(q.get('utm_source')),
    medium: cleanValue(q.get('utm_medium'))?.toLowerCase(),
    campaign: cleanValue(q.get('utm_campaign')),
    content: cleanValue(q.get('utm_content')),
  };
  const medium = utm.medium;
  const source = utm.source?.toLowerCase();

  if (medium && (PAID_MEDIA as readonly string[]).includes(medium)) {
    if (!utm.source) return { action: 'keep', rule: 'paid-without-source' };
    return { action: 'set', rule: 'paid', utm, partner: medium === 'partners' ? utm.source : undefined, days: ATTRIBUTION_DAYS };
  }
  if (medium === 'cpa') {
    if (source && source in AFFILIATES) {
      const affiliate = AFFILIATES[source as Affiliate];
      return { action: 'set', rule: 'affiliate', utm: { ...utm, source }, partner: source, partnerUid: cleanValue(q.get(affiliate.uidParam)), days: affiliate.days };
    }
    return { action: 'keep', rule: 'cpa-unknown-affiliate' };
  }
  if (medium === 'article_direct' && source && NEWS_FEEDS.includes(source)) {
    return { action: 'set', rule: 'news-feed', utm, days: ATTRIBUTION_DAYS };
  }
  if (medium || utm.source || utm.campaign || utm.content) return { action: 'remove', rule: 'other-campaign' };
  const portal = portalOf(referer, url.hostname);
  if (portal) return { action: 'set', rule: 'film-portal', utm: { source: portal, medium: 'referral' }, days: ATTRIBUTION_DAYS };
  return { action: 'keep', rule: 'direct-or-internal' };
}
