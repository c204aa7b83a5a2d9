import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { meterSnapshot } from '../db/d1-meter.ts';
import { runDevSql } from '../db/dev-sql.ts';
import { listMarketingCalls, storedEvents } from '../domains/analytics/index.ts';
import { listOutbox, outboxSender, outgoingMessageSchema } from '../domains/messages/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { notFoundResponse } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { devSentryRoutes } from './dev-sentry.ts';

/** Without dev routes (production) nothing under /dev/api exists: every path is a 404. */
const devOnly = createMiddleware<AppEnv>(async (c, next) =>
  config().devRoutes ? next() : notFoundResponse(c),
);

const outboxFilter = z.object({
  to: z.string().trim().max(254).optional(),
  channel: z.enum(['email', 'sms']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const marketingFilter = z.object({
  account: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Development-only API under `/dev/api` (DEV_ROUTES): diagnostics and the message outbox.
 * - `GET /d1-meter`: what this isolate's requests cost so far (the bench and tests diff it):
 *   `{ roundTrips, reads, writes, objectCalls, kinds: { page: {…}, 'api:progress': {…}, … } }`,
 *   D1 round trips, statements that read and that wrote, Durable Object calls; in all and per
 *   request kind (functions/middleware/d1-session.ts; `background` is cron jobs and objects).
 * - `GET /outbox/?to=&channel=&limit=`: stored messages, newest first (`{ results: [...] }`).
 * - `POST /outbox/`: stores a message as the outbox sender would (for tests and manual checks).
 * - `GET /marketing/?account=&limit=`: the local customer-marketing tool's calls, newest first.
 * - `GET /stat-events/?view=`: the stat collector's stored events of one view id.
 * - `/sentry/…`: the local error-report receiver (functions/http/dev-sentry.ts).
 * - `POST /d1`: `{ statements: [sql, …] }` run in one transaction through this Worker's D1, as an
 *   operator's `wrangler d1 execute` would (answers `{ changes }`; an SQL error is a 400).
 * - `GET /fail`: throws, so error reporting can be checked end to end.
 */
export const devApiRoutes = new Hono<AppEnv>()
  .use('*', devOnly)
  .get('/d1-meter', (c) => c.json(meterSnapshot(), 200, NO_STORE))
  .get('/outbox', validate('query', outboxFilter), async (c) => {
    return c.json({ results: await listOutbox(c.req.valid('query')) }, 200, NO_STORE);
  })
  .post('/outbox', validate('json', outgoingMessageSchema), async (c) => {
    const { id } = await outboxSender().send(c.req.valid('json'));
    return c.json({ id }, 201, NO_STORE);
  })
  // The local customer-marketing tool's calls, newest first (`?account=&limit=`).
  .get('/marketing', validate('query', marketingFilter), async (c) => {
    const { account, limit } = c.req.valid('query');
    return c.json(
      { results: await listMarketingCalls({ accountId: account, limit }) },
      200,
      NO_STORE,
    );
  })
  // The stat collector's stored events of one view id (`?view=`), as a journey follows its beacon.
  .get(
    '/stat-events',
    validate('query', z.object({ view: z.string().min(8).max(64) })),
    async (c) => c.json({ results: await storedEvents(c.req.valid('query').view) }, 200, NO_STORE),
  )
  .post(
    '/d1',
    validate(
      'json',
      z.object({ statements: z.array(z.string().min(1).max(100_000)).min(1).max(50) }),
    ),
    async (c) => {
      try {
        return c.json({ changes: await runDevSql(c.req.valid('json').statements) }, 200, NO_STORE);
      } catch (error) {
        return c.json(
          {
            message: 'Запрос к базе не выполнен',
            details: { reason: 'sql_error', error: String(error) },
          },
          400,
          NO_STORE,
        );
      }
    },
  )
  .get('/fail', () => {
    throw new Error('a failure on purpose (/dev/api/fail)');
  })
  .route('/sentry', devSentryRoutes);
