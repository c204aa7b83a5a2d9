/**
 * The Worker entry (wrangler `main`). Astro's Cloudflare handler runs src/fetch.ts (the Hono app)
 * for every page and API request; this file is where Durable Object classes and the `scheduled`
 * handler are exported as later capabilities add them.
 */

import { env, waitUntil } from 'cloudflare:workers';
import astro from '@astrojs/cloudflare/entrypoints/server';
import { d1 } from './db/client.ts';
import { purgeExpired } from './domains/auth/index.ts';

export { StreamLimit } from './domains/playback/index.ts';

import { purgeSocial } from './domains/social/index.ts';
import { reconcileOrders } from './jobs/reconcile.ts';
import { renewSubscriptions } from './jobs/renewals.ts';
import { extendTvGuide } from './jobs/tv-guide.ts';
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

export default {
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
        console.log(`tv guide: ${added} programmes added, ${removed} removed`);
      }),
    );
    ctx.waitUntil(
      d1()
        .batch([...purgeExpired(d1(), now), ...purgeSocial(d1(), now)])
        .then((results) =>
          console.log(
            `accounts: ${results.reduce((n, r) => n + (r.meta.changes ?? 0), 0)} expired rows removed`,
          ),
        ),
    );
  },
} satisfies ExportedHandler<Env>;
