import { env } from 'cloudflare:workers';
import { config } from '../lib/config.ts';
import { meteredD1 } from './d1-meter.ts';

/**
 * The D1 binding, read per call so tests and requests share one binding. With dev routes on,
 * round trips are counted (functions/db/d1-meter.ts). Queries are prepared statements with SQL
 * (functions/db/sql.ts); atomic writes are guarded statements in one `batch()`.
 * @example await d1().batch([d1().prepare('UPDATE …').bind(id), d1().prepare('INSERT …').bind(id)])
 */
export function d1(): D1Database {
  return config().devRoutes ? meteredD1(env.DB) : env.DB;
}
