import type { Context } from 'hono';
import { texts } from '../shared/texts.ts';
import { isPageRequest } from './api-paths.ts';

/**
 * Failures that are the service's state, not a bug nor the client's fault: D1 out of reach, a
 * secret production was deployed without. Both answer 503 in Russian (a client retries later)
 * instead of a 500 with a stack in the log and nothing said.
 */

/** D1's own errors name it: `D1_ERROR: …`, `D1_EXEC_ERROR: …`, `D1 DB is overloaded …`. */
const D1_ERROR = /\bD1(_ERROR|_EXEC_ERROR| DB)\b/;
/**
 * What SQLite refused is our query's fault (a wrong column, a broken constraint): that stays a 500
 * to be fixed. Anything else D1 says is the database being out of reach for a moment.
 */
const QUERY_FAULT = /SQLITE_(ERROR|CONSTRAINT|MISMATCH|RANGE|TOOBIG)\b|D1_TYPE_ERROR/;

/** A secret the request needs is not set (`wrangler secret put NAME`). */
export class MissingSecret extends Error {
  constructor(readonly secret: string) {
    super(`${secret} is not set`);
  }
}

/**
 * The secret's value, or a MissingSecret when it is blank: an empty key would sign tokens anyone
 * can forge, or fail deep inside WebCrypto as a 500.
 * @example const key = requireSecret('JWT_SECRET', env.JWT_SECRET)
 */
export function requireSecret(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new MissingSecret(name);
  return value;
}

function messages(err: unknown): string {
  const parts: string[] = [];
  for (let e = err, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++)
    parts.push(e.message);
  return parts.join(' | ');
}

/** Whether an error is D1 being unreachable, overloaded or reset (not a fault of a query). */
export function isD1Unavailable(err: unknown): boolean {
  const text = messages(err);
  return D1_ERROR.test(text) && !QUERY_FAULT.test(text);
}

/**
 * Why the service cannot answer, when the error is its state rather than a bug: `not_configured`
 * (a missing secret) or `storage_unavailable` (D1 out of reach); `undefined` otherwise.
 * @example unavailableReason(new Error('D1_ERROR: Network connection lost.')) // 'storage_unavailable'
 */
export function unavailableReason(err: unknown): string | undefined {
  if (err instanceof MissingSecret) return 'not_configured';
  if (isD1Unavailable(err)) return 'storage_unavailable';
  return undefined;
}

/** What no cache may keep and when to ask again, for a 503 page and a 503 API answer alike. */
export const UNAVAILABLE_HEADERS = { 'Retry-After': '30', 'Cache-Control': 'no-store' } as const;

/**
 * Set by the render-error page (src/pages/500.astro) when the error is the service's state: Astro
 * answers that page with 500 whatever it says, so the page entry turns it into the 503 it is.
 */
export const UNAVAILABLE_MARK = 'x-service-unavailable';

/**
 * The page's answer with the status it meant: a 503 for the «Сервис недоступен» screen.
 * @example return asRendered(await render(context, next))
 */
export function asRendered(res: Response): Response {
  if (res.status !== 500 || !res.headers.has(UNAVAILABLE_MARK)) return res;
  const headers = new Headers(res.headers);
  headers.delete(UNAVAILABLE_MARK);
  return new Response(res.body, { status: 503, headers });
}

/**
 * The «Сервис недоступен» page for a failure before any page renders (renewing a session token
 * needs D1): plain HTML of its own, since the Astro page and its layout are never reached. A
 * page that fails while rendering shows the same texts through src/pages/500.astro.
 */
export function unavailablePage(): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${texts.serverUnavailableTitle} | Амедиатека</title><style>body{margin:0;min-height:100vh;display:grid;place-content:center;padding:24px;font-family:system-ui,sans-serif;background:#0d0d10;color:#f2f2f5}p{color:#b4b4be;max-width:56ch}a{color:#fff;font-weight:600}</style></head><body><main id="main"><h1>${texts.serverUnavailable}</h1><p>${texts.serverUnavailableHint}</p><p><a href="/">На главную</a></p></main></body></html>`;
}

/**
 * A 503 in Russian for D1 out of reach (`storage_unavailable`; each round trip is atomic, so the
 * failed one wrote nothing and a retry is safe) or a missing secret (`not_configured`): the error
 * envelope, or the «Сервис недоступен» page for a page's address; `undefined` for any other error.
 * @example return unavailableResponse(err, c) ?? c.json(envelope(...), 500)
 */
export function unavailableResponse(err: unknown, c: Context): Response | undefined {
  const reason = unavailableReason(err);
  if (!reason) return undefined;
  // A page's address gets a page to read, not the API's JSON.
  if (isPageRequest(c)) return c.html(unavailablePage(), 503, UNAVAILABLE_HEADERS);
  // The envelope of errors.ts, written out: errors.ts calls this, and modules do not import in a ring.
  return c.json(
    { message: texts.serverUnavailable, details: { reason } },
    503,
    UNAVAILABLE_HEADERS,
  );
}
