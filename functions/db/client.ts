import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import * as catalogue from './catalogue-schema.ts';
import * as base from './schema.ts';

const schema = { ...base, ...catalogue };

/** The D1 database through drizzle, bound per call so tests and requests share one binding. */
export function db() {
  return drizzle(env.DB, { schema });
}
export type Db = ReturnType<typeof db>;
