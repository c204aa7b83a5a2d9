import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';

/** Attribution cookies (spec sections 4 and 9). Rule table: docs/decisions.md. */
export const attribution = createMiddleware<AppEnv>(async (_c, next) => {
  await next();
});
