/**
 * The Worker entry (wrangler `main`). Astro's Cloudflare handler runs src/fetch.ts (the Hono app)
 * for every page and API request; this file is where Durable Object classes and the `scheduled`
 * handler are exported as later capabilities add them.
 */

import { env, waitUntil } from 'cloudflare:workers';
import astro from '@astrojs/cloudflare/entrypoints/server';
import { withSentry } from '@sentry/cloudflare';
import { d1 } from './db/client.ts';
import { purgeExpired } from './domains/auth/index.ts';

export { StreamLimit } from './domains/playback/index.ts';

import { purgeSocial } from './domains/social/index.ts';
import { reconcileOrders } from './jobs/reconcile.ts';
import { renewSubscriptions } from './jobs/renewals.ts';
import { extendTvGuide } from './jobs/tv-guide.ts';
import { logger } from './lib/log.ts';
import { reportDsn, reportOptions } from './lib/report.ts';
import { setRevalidator } from './middleware/edge-cache.ts';

// The edge cache renders a stale page again in the background through this same handler.
const backgroundContext = {
  waitUntil,
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;
setRevalidator((request) =>
  astro.fetch(request as Parameters<typeof astro.fetch>[0], env, backgroundContext),
);

const handler = {
  fetch: astro.fetch,
  /** Cron Triggers (wrangler.toml [triggers]): the TV guide stays a week ahead; spent codes, sessions and counters go. */
  async scheduled(controller, _env, ctx) {
    const now = Math.floor(controller.scheduledTime / 1000);
    // The quarter-hourly trigger renews subscriptions and reconciles pending orders; the daily one
    // does the rest.
    if (controller.cron === '*/15 * * * *') {
      ctx.waitUntil(renewSubscriptions(now));
      ctx.waitUntil(reconcileOrders(now));
      return;
    }
    ctx.waitUntil(
      extendTvGuide(d1(), now).then(({ added, removed }) => {
        logger.info('jobs.tv_guide', { added, removed });
      }),
    );
    ctx.waitUntil(
      d1()
        .batch([...purgeExpired(d1(), now), ...purgeSocial(d1(), now)])
        .then((results) =>
          logger.info('jobs.purge_expired', {
            removed: results.reduce((n, r) => n + (r.meta.changes ?? 0), 0),
          }),
        ),
    );
  },
} satisfies ExportedHandler<Env>;

// With SENTRY_DSN the Workers SDK wraps every request and cron run: traces at the spec's rate,
// exceptions that escape them reported. Without it no Sentry client is ever made. The DSN is read
// once per isolate; a changed secret or var comes with a new deployment, hence a new isolate.
export default reportDsn() ? withSentry(() => reportOptions(), handler) : handler;
