/**
 * The Worker entry (wrangler `main`). Astro's Cloudflare handler runs src/fetch.ts (the Hono app)
 * for every page and API request; this file is where Durable Object classes and the `scheduled`
 * handler are exported as later capabilities add them.
 */
import astro from '@astrojs/cloudflare/entrypoints/server';
import { env, waitUntil } from 'cloudflare:workers';
import { setRevalidator } from './middleware/edge-cache.ts';
import { db } from './db/client.ts';
import { extendTvGuide } from './jobs/tv-guide.ts';

// The edge cache renders a stale page again in the background through this same handler.
const backgroundContext = { waitUntil, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
setRevalidator((request) => astro.fetch(request as Parameters<typeof astro.fetch>[0], env, backgroundContext));

export default {
  fetch: astro.fetch,
  /** Cron Triggers (wrangler.toml [triggers]): the TV guide stays a week ahead. */
  async scheduled(controller, _env, ctx) {
    ctx.waitUntil(
      extendTvGuide(db(), Math.floor(controller.scheduledTime / 1000)).then(({ added, removed }) => {
        console.log(`tv guide: ${added} programmes added, ${removed} removed`);
      }),
    );
  },
} satisfies ExportedHandler<Env>;
