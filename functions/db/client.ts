import { env } from 'cloudflare:workers';
import { config } from '../lib/config.ts';
import { meterTrip } from './d1-meter.ts';
import { observedD1 } from './observed-d1.ts';
import { requestSession } from './request-session.ts';

/**
 * D1 as this code should reach it, read per call so tests and requests share one binding. Inside
 * a request it is the request's session (functions/db/request-session.ts: `prepare` and `batch`
 * only, no `exec` or `dump`); outside one (cron jobs, Durable Objects, tests' own setup) the plain
 * binding. With dev routes on, trips are counted (functions/db/d1-meter.ts). Queries are prepared
 * statements with SQL (functions/db/sql.ts); atomic writes are guarded statements in one `batch()`.
 * @example await d1().batch([d1().prepare('UPDATE …').bind(id), d1().prepare('INSERT …').bind(id)])
 */
export function d1(): D1Database {
  const session = requestSession(env.DB);
  // A session answers `prepare` and `batch`, all that our code calls on D1 (typed as the
  // binding so repositories keep one parameter type).
  if (session) return session as D1Database;
  return config().devRoutes
    ? observedD1(env.DB, (writes, done) => meterTrip('background', writes, done))
    : env.DB;
}
