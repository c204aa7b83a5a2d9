/**
 * Worker entry for vitest (workerd): the same Hono app as production, without Astro pages,
 * whose build-time modules exist only after `astro build`.
 */
import { env, waitUntil } from 'cloudflare:workers';
import { createEdgeApp } from './app.ts';

// Durable Objects of wrangler.toml, as the Worker exports them (functions/worker.ts).
export { StreamLimit } from './domains/playback/index.ts';

import { setRevalidator } from './middleware/edge-cache.ts';

const app = createEdgeApp();
const backgroundContext = {
  waitUntil,
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;
setRevalidator(async (request) => app.fetch(request, env, backgroundContext));

export default { fetch: app.fetch } satisfies ExportedHandler<Env>;
