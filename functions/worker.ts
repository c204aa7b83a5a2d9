/**
 * The Worker entry (wrangler `main`). Astro's Cloudflare handler runs src/fetch.ts (the Hono app)
 * for every page and API request; this file is where Durable Object classes and the `scheduled`
 * handler are exported as later capabilities add them.
 */
import astro from '@astrojs/cloudflare/entrypoints/server';
import { env, waitUntil } from 'cloudflare:workers';
import { setRevalidator } from './middleware/edge-cache.ts';

// The edge cache renders a stale page again in the background through this same handler.
const backgroundContext = { waitUntil, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
setRevalidator((request) => astro.fetch(request as Parameters<typeof astro.fetch>[0], env, backgroundContext));

export default {
  fetch: astro.fetch,
} satisfies ExportedHandler<Env>;
