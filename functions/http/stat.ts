import { Hono } from 'hono';
import { analyticsSchemas, recordEvent } from '../domains/analytics/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';
import { apiDoc } from './api-doc.ts';

/**
 * `GET /v2/event` (docs/product.md, «How the site talks to the API», analytics, and «What we
 * measure»): the stat host of this Worker when STAT_URL is empty. A view (the player) or a page
 * view (every page's beacon) is stored with one D1 write and answered 204; the same event sent
 * twice is stored once. A wrong event is a 422 and stores nothing.
 */
export const statRoutes = new Hono<AppEnv>().get(
  '/',
  apiDoc({
    tag: 'stat',
    summary: 'Событие просмотра или открытия страницы (сохраняется для отчётов)',
    answers: { 204: { description: 'Принято' } },
  }),
  validate('query', analyticsSchemas.eventQuery),
  async (c) => {
    await recordEvent(c.req.valid('query').payload, {
      userAgent: c.req.header('user-agent') ?? '',
      at: Date.now(),
    });
    c.header('Cache-Control', 'no-store');
    return c.body(null, 204);
  },
);
