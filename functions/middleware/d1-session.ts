import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import {
  bookmarkAfterWrite,
  inRequestSession,
  sessionStart,
  wellFormedBookmark,
} from '../db/request-session.ts';
import { isApiPath, pathUnder } from '../lib/api-paths.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { cookieHeader } from '../lib/cookies.ts';
import { COOKIE, isHttps } from '../shared/cookies.ts';

/** The request and answer header of the bookmark, for API clients that keep it themselves. */
export const BOOKMARK_HEADER = 'x-d1-bookmark';
/** Development only: how the request's D1 session started (`bookmark` or `first-unconstrained`). */
export const SESSION_START_HEADER = 'x-dev-d1-session';
/**
 * How long the bookmark cookie lives: a replica catches up with the primary in well under a
 * second, so a few minutes keeps a viewer's own writes in view with a wide margin and then lets
 * its requests read anywhere again (docs/decisions.md, "The bookmark of a request that wrote").
 */
export const BOOKMARK_SECONDS = 300;

/** The playback calls the meter tells apart (the most frequent requests of all), by path. */
const PLAYBACK_KINDS: [RegExp, string][] = [
  [/^\/cms\/content_experience\/progress\/?$/, 'api:progress'],
  [/^\/cms\/content_experience\/streams\/[^/]+\/heartbeat\/?$/, 'api:heartbeat'],
  [/^\/cms\/content_experience\/watches\//, 'api:watch'],
];

/**
 * The kind of request the development meter groups by: `page`, `dev`, `media` (playlists,
 * segments, art), the playback calls, else
 * `api:` and the API path's first segment (`api:cms`, `api:favourites`, `api:auth` …).
 * @example requestKindOf('/cms/content/series/', ['/cms']) // 'api:cms'
 */
export function requestKindOf(path: string, api: readonly string[]): string {
  if (pathUnder(path, ['/dev'])) return 'dev';
  if (pathUnder(path, ['/media'])) return 'media';
  if (!isApiPath(path, api)) return 'page';
  for (const [pattern, kind] of PLAYBACK_KINDS) if (pattern.test(path)) return kind;
  return `api:${path.split('/')[1]}`;
}

/**
 * The app's first middleware: the rest of the request runs in one D1 session
 * (functions/db/request-session.ts), started from the bookmark the request carries (the
 * `x-d1-bookmark` header, else the cookie), otherwise 'first-unconstrained': a guest's page never
 * waits for the primary. `api` is the API's prefixes (functions/http/api-groups.ts).
 */
export const d1Session = (api: readonly string[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const bookmark =
      wellFormedBookmark(c.req.header(BOOKMARK_HEADER)) ??
      wellFormedBookmark(getCookie(c, COOKIE.d1Bookmark));
    const { devRoutes } = config();
    await inRequestSession(
      { kind: requestKindOf(c.req.path, api), bookmark, metered: devRoutes },
      async () => {
        await next();
        if (devRoutes) c.res.headers.set(SESSION_START_HEADER, sessionStart());
      },
    );
  });

/**
 * The answer of a request that wrote carries the session's bookmark: a short-lived cookie for
 * browsers and the `x-d1-bookmark` header for API clients, so the viewer's next request reads its
 * own writes. A request that only read answers none, so a guest's page stays shareable. Placed
 * inside `pageHeaders`, which then keeps an answer with the cookie out of shared caches.
 */
export const d1Bookmark = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const bookmark = bookmarkAfterWrite();
  if (!bookmark) return;
  c.res.headers.set(BOOKMARK_HEADER, bookmark);
  c.res.headers.append(
    'Set-Cookie',
    cookieHeader({
      name: COOKIE.d1Bookmark,
      value: bookmark,
      options: {
        path: '/',
        maxAge: BOOKMARK_SECONDS,
        sameSite: 'Lax',
        secure: isHttps(c.req.raw),
        httpOnly: true,
      },
    }),
  );
});
