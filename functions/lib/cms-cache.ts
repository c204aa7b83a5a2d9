import type { Context } from 'hono';
import { AGE_RATINGS, type AgeRating } from '../db/catalogue-schema.ts';
import type { AppEnv } from './app-env.ts';
import type { SessionInfo } from './session-token.ts';

/** Kid profiles see at most 6+ content, whatever the request asks (enforced on the server). */
export const KID_MAX_AGE: AgeRating = 6;

/**
 * The highest age rating a viewer may see: the requested limit, capped for a kid profile; the one
 * rule behind the API and the pages.
 * @example maxAgeFor({ isKid: true }, 16) // 6; maxAgeFor({ isKid: false }) // undefined (no limit)
 */
export function maxAgeFor(
  session: Pick<SessionInfo, 'isKid'>,
  requested?: number,
): AgeRating | undefined {
  const cap = session.isKid ? KID_MAX_AGE : undefined;
  const wanted =
    requested === undefined
      ? undefined
      : ([...AGE_RATINGS].reverse().find((a) => a <= requested) ?? 0);
  if (cap === undefined) return wanted;
  return wanted === undefined ? cap : (Math.min(cap, wanted) as AgeRating);
}

/** `maxAgeFor` of the request's session and its `age` parameter. */
export function effectiveMaxAge(c: Context<AppEnv>, requested?: number): AgeRating | undefined {
  return maxAgeFor(c.var.edge.session, requested);
}

/**
 * Cache headers of CMS answers: shared caches may keep guest and adult answers for five minutes
 * (`sMaxAge`) and serve them stale while they fetch again (`staleSeconds`); browsers keep them a
 * minute at most. A kid profile's answers differ from everyone else's, so they stay private.
 * @example cmsCache(c, 30, 30) // what is on air now
 */
export function cmsCache(c: Context<AppEnv>, sMaxAge = 300, staleSeconds = 600) {
  if (c.var.edge.session.isKid) c.header('Cache-Control', 'private, no-cache');
  else
    c.header(
      'Cache-Control',
      `public, max-age=${Math.min(60, sMaxAge)}, s-maxage=${sMaxAge}, stale-while-revalidate=${staleSeconds}`,
    );
  c.header('Vary', 'Cookie', { append: true });
}
