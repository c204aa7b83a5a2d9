/**
 * The request entry of the site (Astro 7 custom fetch handler): a Hono app running the edge
 * middleware, then the JSON API, then Astro's pages. See functions/app.ts.
 */
import { astro, getFetchState } from 'astro/hono';
import type { MiddlewareHandler } from 'hono';
import { createEdgeApp } from '../functions/app.ts';
import type { AppEnv } from '../functions/lib/app-env.ts';

const render = astro();

/** Astro pages read what the middleware learned as `Astro.locals.edge`. */
const pages: MiddlewareHandler<AppEnv> = async (c, next) => {
  getFetchState(c).locals.edge = c.var.edge;
  return (await render(c, next)) ?? c.res;
};

export default createEdgeApp(pages);
