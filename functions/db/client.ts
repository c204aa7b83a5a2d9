import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { config } from '../lib/config.ts';
import * as catalogue from './catalogue-schema.ts';
import { meteredD1 } from './d1-meter.ts';
import * as base from './schema.ts';

const schema = { ...base, ...catalogue };

/**
 * The D1 database through drizzle, bound per call so tests and requests share one binding. With
 * dev routes on, round trips are counted (functions/db/d1-meter.ts).
 */
export function db() {
  return drizzle(config().devRoutes ? meteredD1(env.DB) : env.DB, { schema });
}
export type Db = ReturnType<typeof db>;

/**
 * The D1 binding itself (metered like `db()`), for SQL that drizzle cannot batch: its D1 `batch()`
 * fails on raw `sql` statements with parameters (drizzle-orm 0.45), and the accounts repo's atomic
 * writes are guarded INSERT … SELECT statements that must run in one batch.
 * @example await d1().batch([d1().prepare('UPDATE …').bind(id), d1().prepare('INSERT …').bind(id)])
 */
export function d1(): D1Database {
  return config().devRoutes ? meteredD1(env.DB) : env.DB;
}
