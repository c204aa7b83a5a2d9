/**
 * The request entry of the site (Astro 7 custom fetch handler): a Hono app running the edge
 * middleware, then the JSON API, then Astro's pages. See functions/app.ts.
 */
import { astro, getFetchState } from 'astro/hono';
import type { MiddlewareHandler } from 'hono';
import { createEdgeApp } from '../functions/app.ts';
import type { AppEnv } from '../functions/lib/app-env.ts';
import { asRendered } from '../functions/lib/unavailable.ts';

const render = astro();

/** The pages that ask `isFormPost(Astro)`, found by the build (scripts/form-pages.mjs). */
declare const __FORM_PAGES__: string[];

/**
 * Astro pages read what the middleware learned as `Astro.locals.edge`. They render
 * `c.var.pageRequest` when the edge cache set one (a guest page that may be shared is rendered
 * from the cache entry's URL, without cookies), else the request itself.
 */
const pages: MiddlewareHandler<AppEnv> = async (c, next) => {
  const state = new Map<string, unknown>();
  const context = {
    req: { raw: c.var.pageRequest ?? c.req.raw },
    res: c.res,
    get: (key: string) => state.get(key),
    set: (key: string, value: unknown) => void state.set(key, value),
  };
  const { locals } = getFetchState(context);
  locals.edge = c.var.edge;
  const res = await render(context, next);
  // The render-error page of an outage says 503 (functions/lib/unavailable.ts).
  return res ? asRendered(res) : c.res;
};

export default createEdgeApp(pages, { formPages: new Set(__FORM_PAGES__) });
