import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

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
