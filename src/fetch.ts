/**
 * The request entry of the site (Astro 7 custom fetch handler): a Hono app running the edge
 * middleware, then the JSON API, then Astro's pages. See functions/app.ts.
 */
import { astro, getFetchState } from 'astro/hono';
import type { MiddlewareHandler } from 'hono';
import { createEdgeApp } from '../functions/app.ts';
import type { AppEnv } from '../functions/lib/app-env.ts';
import { authFormAction, isAuthFormPost } from './lib/auth-actions.ts';

const render = astro();

/** Astro pages read what the middleware learned as `Astro.locals.edge`. */
const pages: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { locals } = getFetchState(c);
  locals.edge = c.var.edge;
  // The sign-in forms without JavaScript need the request's context to set the session cookies.
  if (isAuthFormPost(c)) {
    const outcome = await authFormAction(c);
    if ('redirect' in outcome) return c.redirect(outcome.redirect, 303);
    locals.authForm = outcome;
  }
  return (await render(c, next)) ?? c.res;
};

export default createEdgeApp(pages);
