import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import * as catalogue from './catalogue-schema.ts';
import * as base from './schema.ts';
import * as support from './support-schema.ts';
import { config } from '../lib/config.ts';
import { meteredD1 } from './d1-meter.ts';

const schema = { ...base, ...catalogue, ...support };

/**
 * The D1 database through drizzle, bound per call so tests and requests share one binding. With
 * dev routes on, round trips are counted (functions/db/d1-meter.ts).
 */
export function db() {
  return drizzle(config().devRoutes ? meteredD1(env.DB) : env.DB, { schema });
}
export type Db = ReturnType<typeof db>;
