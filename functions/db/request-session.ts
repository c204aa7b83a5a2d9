import { AsyncLocalStorage } from 'node:async_hooks';
import { meterTrip } from './d1-meter.ts';
import { type D1Like, observedD1 } from './observed-d1.ts';

/**
 * One D1 session per request (docs/decisions.md, "Every request reads in one D1 session"): the
 * request's reads go to whatever copy of the database D1 picks, in order, and a request that wrote
 * answers the session's bookmark so the viewer's next request reads at least that far.
 */

/** How a request's session began: from the viewer's bookmark, or anywhere (a nearby replica). */
export type SessionStart = 'bookmark' | 'first-unconstrained';

/** What a request knows of its D1 session. */
interface RequestD1 {
  /** The request's kind, as the development meter groups it (functions/middleware/d1-session.ts). */
  readonly kind: string;
  /** The bookmark the request came with, if a well-formed one. */
  readonly bookmark: string | null;
  /** Count trips in the development meter. */
  readonly metered: boolean;
  /** Some statement of the request wrote. */
  wrote: boolean;
  /** The binding the session was made from, and the session (made at the first query). */
  binding?: D1Database;
  session?: D1DatabaseSession;
  observed?: D1Like;
}

const scope = new AsyncLocalStorage<RequestD1>();

/** D1's bookmark: four hex fields (commit, term, frame, hash); anything else is not ours. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

/** The bookmark if it has D1's shape, else null (a request then starts unconstrained). */
export const wellFormedBookmark = (value: string | undefined | null): string | null =>
  value && BOOKMARK.test(value) ? value : null;

/**
 * Runs `work` (the rest of a request) with its own D1 session, started from `bookmark` when the
 * request has one, else 'first-unconstrained'.
 * @example await inRequestSession({ kind: 'page', bookmark, metered: true }, () => next())
 */
export function inRequestSession<T>(
  request: { kind: string; bookmark: string | null; metered: boolean },
  work: () => T,
): T {
  return scope.run({ ...request, wrote: false }, work);
}

/**
 * The running request's session over `binding` (made at its first query, so a binding swapped in
 * for the request, as an outage test does, is the one used), or null outside a request: cron jobs
 * and Durable Objects use the binding itself.
 */
export function requestSession(binding: D1Database): D1Like | null {
  const request = scope.getStore();
  if (!request) return null;
  if (request.binding !== binding || !request.observed) {
    const session = binding.withSession(request.bookmark ?? 'first-unconstrained');
    request.binding = binding;
    request.session = session;
    request.observed = observedD1(session, (writes, done) => {
      if (request.metered) meterTrip(request.kind, writes, done);
      // Only a write D1 took calls for a bookmark: one that failed changed nothing to read.
      if (writes.includes(true))
        done.then(
          () => {
            request.wrote = true;
          },
          () => undefined,
        );
    });
  }
  return request.observed;
}

/** The running request's kind, or 'background' outside a request (cron jobs, Durable Objects). */
export const requestKind = (): string => scope.getStore()?.kind ?? 'background';

/** How the running request's session starts (or would, if it has not queried yet). */
export const sessionStart = (): SessionStart =>
  scope.getStore()?.bookmark ? 'bookmark' : 'first-unconstrained';

/**
 * The bookmark to hand back: the session's latest, once the request has written; null for a
 * request that only read (its answer must stay shareable) or ran outside a request.
 */
export function bookmarkAfterWrite(): string | null {
  const request = scope.getStore();
  return request?.wrote ? (request.session?.getBookmark() ?? null) : null;
}
