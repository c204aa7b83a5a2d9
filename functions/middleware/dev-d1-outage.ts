import { env, withEnv } from 'cloudflare:workers';
import { createMiddleware } from 'hono/factory';
import { failingD1 } from '../db/test-failing-d1.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';

/** The request header that asks for D1 to be out of reach while this one request is answered. */
export const D1_OUTAGE_HEADER = 'x-dev-d1-outage';

/**
 * Development only (dev routes on, never in production): a request carrying `x-dev-d1-outage: all`
 * is answered with every D1 round trip failing as D1 fails in production, through the same
 * switch the Worker tests use (functions/db/test-failing-d1.ts). Browser journeys use it to see
 * what a page answers while the database is down; other requests to the same server are untouched.
 */
export const devD1Outage = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header(D1_OUTAGE_HEADER) !== 'all' || !config().devRoutes) return next();
  const { db } = failingD1(env.DB, { all: true });
  await withEnv({ ...env, DB: db }, () => next());
});
