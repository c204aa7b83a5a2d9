import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as countingLimit } from 'hono/body-limit';
import { pathUnder } from '../lib/api-paths.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { envelope } from '../lib/errors.ts';
import { texts } from '../shared/texts.ts';

const tooLarge = (c: Context) => c.json(envelope(texts.tooLarge, 'payload_too_large'), 413);

/** The request's Content-Length, or null when it declares none (a chunked body). */
function declaredLength(headers: Headers): number | null {
  const value = headers.get('content-length')?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * A refused body declared at most this long is read to its end and dropped (never parsed nor kept)
 * before the 413: answering while it is still coming made `wrangler dev`'s proxy lose the
 * connection (a 500 «Network connection lost» for a few parallel 240 KB posts in a hundred), a body
 * read to its end never did. A longer one is refused at once, its bytes left unread.
 */
const DISCARD_MAX_BYTES = 1024 * 1024;
/** How long a refused body is read before the 413 goes anyway (a slow sender holds nothing longer). */
const DISCARD_WAIT_MS = 2_000;

/**
 * Refuses a body over `maxBytes` with the envelope's 413. A declared Content-Length decides before
 * the body is parsed or kept, whatever else the headers say (hono's own limit ignores it beside a
 * Transfer-Encoding and reads the body as the request's). A body of no declared length is counted
 * as it is read and refused as soon as it passes the limit.
 * @example app.post('/streams', bodyLimit(4 * 1024), handler)
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const whileReading = countingLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const declared = declaredLength(c.req.raw.headers);
    if (declared === null || declared <= maxBytes) return whileReading(c, next);
    if (declared <= DISCARD_MAX_BYTES)
      // A slow sender is not waited for long: the 413 goes anyway after DISCARD_WAIT_MS.
      await c.req.raw.body
        ?.pipeTo(new WritableStream(), { signal: AbortSignal.timeout(DISCARD_WAIT_MS) })
        .catch(() => {});
    return tooLarge(c);
  };
}

/** A path prefix and the largest body (KB) its requests may carry; none: no limit here. */
export interface PrefixLimit {
  prefix: string;
  kb?: number;
}

/**
 * The body limit of every request, by its path: a prefix's own (the route groups'), or `otherKb`
 * for a path under none of them (the pages). One middleware early in the app, so the limit is
 * decided before any other middleware waits on D1 or anything reads the body.
 * @example app.use(bodyLimits([{ prefix: '/auth', kb: 8 }], 64))
 */
export function bodyLimits(prefixes: PrefixLimit[], otherKb?: number): MiddlewareHandler<AppEnv> {
  const limits = prefixes.map(({ prefix, kb }) => ({
    prefix,
    check: kb === undefined ? null : bodyLimit(kb * 1024),
  }));
  const other = otherKb === undefined ? null : bodyLimit(otherKb * 1024);
  return async (c, next) => {
    const found = limits.find(({ prefix }) => pathUnder(c.req.path, [prefix]));
    const check = found ? found.check : other;
    return check ? check(c, next) : next();
  };
}
