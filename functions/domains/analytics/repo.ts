import { batch, type Query, run } from '../../db/run.ts';
import { firstRow, rows, sql } from '../../db/sql.ts';
import type { EventRow } from './event.ts';

/**
 * Stores one event in one statement; a second send of the same event (action and view id) stores
 * nothing. True when a row was written.
 */
export async function insertEvent(d: D1Database, e: EventRow): Promise<boolean> {
  const stored = await run(
    firstRow<{ id: number }>(
      d,
      sql`INSERT INTO stat_events (received_at, day, action, view_id, page_type, account_id,
            profile_id, billing_id, is_kid, platform, device, url_host, url_path, url_query,
            utm_source, utm_medium, utm_campaign, utm_content, referer, content_id, episode_id,
            meta, user_agent)
          VALUES (${e.receivedAt}, ${e.day}, ${e.action}, ${e.viewId}, ${e.pageType},
            ${e.accountId}, ${e.profileId}, ${e.billingId}, ${e.isKid ? 1 : 0}, ${e.platform},
            ${e.device}, ${e.urlHost}, ${e.urlPath}, ${e.urlQuery}, ${e.utm.source},
            ${e.utm.medium}, ${e.utm.campaign}, ${e.utm.content}, ${e.referer}, ${e.contentId},
            ${e.episodeId}, ${e.meta}, ${e.userAgent})
          ON CONFLICT (action, view_id) DO NOTHING
          RETURNING id`,
    ),
  );
  return stored !== undefined;
}

/** A closed range of Moscow days, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DayCount {
  day: string;
  pageViews: number;
  views: number;
}
export interface TitleCount {
  id: number;
  name: string;
  views: number;
  pageViews: number;
}
export interface PageTypeCount {
  pageType: string;
  pageViews: number;
}
export interface SourceCount {
  source: string;
  pageViews: number;
  views: number;
  visitors: number;
}

const num = (v: unknown) => Number(v ?? 0);

function perDay(d: D1Database, r: DayRange): Query<DayCount[]> {
  return rows(
    d,
    sql`SELECT day, SUM(action = 'page_view') AS pageViews, SUM(action = 'view') AS views
        FROM stat_events WHERE day BETWEEN ${r.from} AND ${r.to}
        GROUP BY day ORDER BY day`,
    (x) => ({ day: String(x.day), pageViews: num(x.pageViews), views: num(x.views) }),
  );
}

/** Titles by plays, then by page opens; a title no longer in the catalogue keeps its number. */
function topTitles(d: D1Database, r: DayRange, limit: number): Query<TitleCount[]> {
  return rows(
    d,
    sql`SELECT e.content_id AS id, coalesce(t.name, '№' || e.content_id) AS name,
          SUM(e.action = 'view') AS views, SUM(e.action = 'page_view') AS pageViews
        FROM stat_events e LEFT JOIN titles t ON t.id = e.content_id
        WHERE e.day BETWEEN ${r.from} AND ${r.to} AND e.content_id IS NOT NULL
        GROUP BY e.content_id ORDER BY views DESC, pageViews DESC, e.content_id LIMIT ${limit}`,
    (x) => ({
      id: num(x.id),
      name: String(x.name),
      views: num(x.views),
      pageViews: num(x.pageViews),
    }),
  );
}

function perPageType(d: D1Database, r: DayRange): Query<PageTypeCount[]> {
  return rows(
    d,
    sql`SELECT page_type AS pageType, count(*) AS pageViews FROM stat_events
        WHERE day BETWEEN ${r.from} AND ${r.to} AND action = 'page_view'
        GROUP BY page_type ORDER BY pageViews DESC, page_type`,
    (x) => ({ pageType: String(x.pageType), pageViews: num(x.pageViews) }),
  );
}

/** Attribution: events by utm source; visitors are distinct devices. Empty source is direct. */
function perSource(d: D1Database, r: DayRange, limit: number): Query<SourceCount[]> {
  return rows(
    d,
    sql`SELECT utm_source AS source, SUM(action = 'page_view') AS pageViews,
          SUM(action = 'view') AS views, count(DISTINCT json_extract(device, '$.deviceId')) AS visitors
        FROM stat_events WHERE day BETWEEN ${r.from} AND ${r.to}
        GROUP BY utm_source ORDER BY pageViews DESC, views DESC, utm_source LIMIT ${limit}`,
    (x) => ({
      source: String(x.source),
      pageViews: num(x.pageViews),
      views: num(x.views),
      visitors: num(x.visitors),
    }),
  );
}

/** Every figure of the report in one round trip. */
export function reportQueries(d: D1Database, r: DayRange, limit: number) {
  return batch(d, [
    perDay(d, r),
    topTitles(d, r, limit),
    perPageType(d, r),
    perSource(d, r, limit),
  ] as const);
}

export interface MarketingCallRow {
  id: number;
  operation: string;
  accountId: string;
  profileId: string;
  customer: string;
  createdAt: number;
}

/** Records a call; a repeated once-key records nothing. True when recorded. */
export async function insertMarketingCall(
  d: D1Database,
  call: Omit<MarketingCallRow, 'id'> & { onceKey: string | null },
): Promise<boolean> {
  const stored = await run(
    firstRow(
      d,
      sql`INSERT INTO marketing_calls (operation, account_id, profile_id, customer, once_key, created_at)
          VALUES (${call.operation}, ${call.accountId}, ${call.profileId}, ${call.customer},
            ${call.onceKey}, ${call.createdAt})
          ON CONFLICT (once_key) DO NOTHING RETURNING id`,
    ),
  );
  return stored !== undefined;
}

/** Newest first, optionally for one account. */
export function marketingCallsQuery(
  d: D1Database,
  filter: { accountId?: string; limit: number },
): Query<MarketingCallRow[]> {
  return rows(
    d,
    sql`SELECT id, operation, account_id AS accountId, profile_id AS profileId, customer,
          created_at AS createdAt
        FROM marketing_calls
        ${filter.accountId ? sql`WHERE account_id = ${filter.accountId}` : sql``}
        ORDER BY id DESC LIMIT ${filter.limit}`,
  );
}

/** The stored rows of one view id, as the development API shows them. */
export function eventsByViewQuery(d: D1Database, viewId: string): Query<Record<string, unknown>[]> {
  return rows(
    d,
    sql`SELECT action, view_id AS viewId, page_type AS pageType, day, account_id AS accountId,
          profile_id AS profileId, is_kid AS isKid, url_path AS urlPath, url_query AS urlQuery,
          utm_source AS utmSource, content_id AS contentId, length(user_agent) AS userAgentLength
        FROM stat_events WHERE view_id = ${viewId} ORDER BY id`,
  );
}
