import { Hono } from 'hono';
import { z } from 'zod';
import {
  listErrorReports,
  MAX_ENVELOPE_BYTES,
  storeEnvelope,
} from '../domains/error-reports/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { bodyLimit } from '../middleware/body-limit.ts';
import { texts } from '../shared/texts.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

const listFilter = z.object({
  kind: z.string().trim().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The body as text, gunzipped when the SDK compressed it. */
async function envelopeText(request: Request): Promise<string> {
  const gzip = request.headers.get('content-encoding') === 'gzip';
  if (!gzip || !request.body) return request.text();
  return new Response(request.body.pipeThrough(new DecompressionStream('gzip'))).text();
}

/**
 * The local Sentry-compatible receiver (development only, under `/dev/api/sentry`, so absent in
 * production like the rest of `/dev/api`). With `SENTRY_DSN=http://key@localhost:8787/dev/api/sentry/1`
 * the Sentry SDKs post their envelopes to `POST /api/1/envelope/`, which keeps them in D1.
 * - `GET /?kind=&limit=`: kept envelopes, newest first (`{ results: [...] }`); the page is /dev/sentry.
 */
export const devSentryRoutes = new Hono<AppEnv>()
  .post('/api/:project/envelope', bodyLimit(MAX_ENVELOPE_BYTES), async (c) => {
    const project = c.req.param('project').slice(0, 40);
    const stored = await storeEnvelope(project, await envelopeText(c.req.raw));
    if (!stored) throw new ApiError(400, texts.badRequest, 'not_an_envelope');
    return c.json({}, 200, NO_STORE);
  })
  .get('/', validate('query', listFilter), async (c) =>
    c.json({ results: await listErrorReports(c.req.valid('query')) }, 200, NO_STORE),
  );
