/**
 * The Worker entry (wrangler `main`). Astro's Cloudflare handler runs src/fetch.ts (the Hono app)
 * for every page and API request; this file is where Durable Object classes and the `scheduled`
 * handler are exported as later capabilities add them.
 */
import astro from '@astrojs/cloudflare/entrypoints/server';

export default {
  fetch: astro.fetch,
} satisfies ExportedHandler<Env>;
