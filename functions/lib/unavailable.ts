import type { Context } from 'hono';
import { texts } from '../shared/texts.ts';

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
 * A 503 in Russian for D1 out of reach (`storage_unavailable`; each round trip is atomic, so the
 * failed one wrote nothing and a retry is safe) or a missing secret (`not_configured`);
 * `undefined` for any other error.
 * @example return unavailableResponse(err, c) ?? c.json(envelope(...), 500)
 */
export function unavailableResponse(err: unknown, c: Context): Response | undefined {
  let reason: string;
  if (err instanceof MissingSecret) {
    reason = 'not_configured';
  } else if (isD1Unavailable(err)) {
    reason = 'storage_unavailable';
  } else return undefined;
  // The envelope of errors.ts, written out: errors.ts calls this, and modules do not import in a ring.
  return c.json({ message: texts.serverUnavailable, details: { reason } }, 503, {
    'Retry-After': '30',
    'Cache-Control': 'no-store',
  });
}
