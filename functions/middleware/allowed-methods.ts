import type { Context, MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '../lib/app-env.ts';
import { envelope } from '../lib/errors.ts';
import { texts } from '../shared/texts.ts';

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The app is not strict about a trailing slash, so neither is the method check. */
const routePath = (c: Context) => (c.req.path.length > 1 ? c.req.path.replace(/\/$/, '') : '/');

/**
 * 405 in the error envelope with the `Allow` header (RFC 9110: it lists what the path supports).
 * @example return methodNotAllowed(c, ['GET', 'HEAD'])
 */
export function methodNotAllowed(c: Context, allowed: string[]): Response {
  return c.json(envelope(texts.methodNotAllowed, 'method_not_allowed'), 405, {
    Allow: allowed.join(', '),
  });
}

/**
 * For a path that some route of the app answers, a method none of them answers is a 405 rather
 * than the catch-all's 404. `routes` is read at the first request, when every route is registered;
 * middleware (`use`, `all`) does not count as a route. HEAD goes with GET, as Hono serves it.
 * @example app.use(allowedMethods(() => app.routes))
 */
export function allowedMethods(routes: () => RouterRoute[]): MiddlewareHandler<AppEnv> {
  let table: TrieRouter<string> | undefined;
  return async (c, next) => {
    if (!table) {
      table = new TrieRouter<string>();
      for (const route of routes())
        if (route.method !== 'ALL') table.add('ALL', route.path, route.method);
    }
    const methods = new Set(table.match(c.req.method, routePath(c))[0].map(([method]) => method));
    if (methods.size === 0 || methods.has(c.req.method)) return next();
    if (methods.has('GET')) {
      if (c.req.method === 'HEAD') return next();
      methods.add('HEAD');
    }
    return methodNotAllowed(
      c,
      ORDER.filter((m) => methods.has(m)),
    );
  };
}

/**
 * Pages answer GET and HEAD; those in `forms` also take their form's POST (an entry ending in
 * `/*` names every page under it). Anything else is a 405 before Astro renders (it would otherwise
 * answer `TRACE /` with the home page).
 * @example app.all('*', pageMethods(new Set(['/code', '/poll/*'])), pages)
 */
export function pageMethods(forms: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = routePath(c);
    const form =
      forms.has(path) ||
      [...forms].some((f) => f.endsWith('/*') && path.startsWith(f.slice(0, -1)));
    const allowed = form ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
    return allowed.includes(c.req.method) ? next() : methodNotAllowed(c, allowed);
  };
}
