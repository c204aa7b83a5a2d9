/**
 * Worker entry for vitest (workerd): the same Hono app as production, without Astro pages,
 * whose build-time modules exist only after `astro build`.
 */
import { createEdgeApp } from './app.ts';

const app = createEdgeApp();
export default { fetch: app.fetch } satisfies ExportedHandler<Env>;
