import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { texts } from '../shared/texts.ts';
import { logger } from './log.ts';
import { type ReportContext, reportError, reportFailure } from './report.ts';
import { unavailableResponse } from './unavailable.ts';

/** The one error envelope of the API (docs/product.md, «What we keep», "Service error object"). */
export interface ErrorEnvelope {
  message: string;
  details: ErrorDetails;
}

/** A wrong field of a request: its path (`email`, `items.0.id`) and its Russian message. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The reason, and for a refused input the first wrong field and all of them; some refusals add
 * what the client needs to act on them (e.g. the streams of a full limit).
 */
export interface ErrorDetails {
  reason: string;
  field?: string;
  fields?: FieldError[];
  [extra: string]: unknown;
}

/** What an error adds to its reason in `details`. */
export type ExtraDetails = Omit<ErrorDetails, 'reason'>;

/**
 * An API error with the Russian message a user sees and a machine-readable reason.
 * @example throw new ApiError(404, 'Флаг не найден', 'flag_not_found')
 */
export class ApiError extends HTTPException {
  readonly reason: string;
  /** Extra response headers, e.g. `Retry-After` of a 429. */
  readonly headers: Record<string, string>;
  /** Said in `details` beside the reason, e.g. `{ field: 'episodeId' }`. */
  readonly details: ExtraDetails;
  constructor(
    status: ContentfulStatusCode,
    message: string,
    reason: string,
    headers: Record<string, string> = {},
    details: ExtraDetails = {},
  ) {
    super(status, { message });
    this.reason = reason;
    this.headers = headers;
    this.details = details;
  }
}

export function envelope(message: string, reason: string, extra: ExtraDetails = {}): ErrorEnvelope {
  return { message, details: { reason, ...extra } };
}

const reasonByStatus: Partial<Record<number, [string, string]>> = {
  400: [texts.badRequest, 'bad_request'],
  401: [texts.unauthorized, 'unauthorized'],
  403: [texts.forbidden, 'forbidden'],
  404: [texts.notFound, 'not_found'],
  405: [texts.methodNotAllowed, 'method_not_allowed'],
  413: [texts.tooLarge, 'payload_too_large'],
  429: [texts.tooManyRequests, 'rate_limited'],
};

/**
 * 5xx answers that are a known state, not a failure: a clip the first local start is still making
 * (the player asks again every few seconds). Not reported, or every poll would be an error.
 */
const EXPECTED_5XX = new Set(['media_pending']);

/** Turns any thrown value into the envelope with an honest status; unknown errors are a 500. */
export function errorResponse(err: unknown, c: Context): Response {
  if (
    err instanceof HTTPException &&
    err.status >= 500 &&
    !(err instanceof ApiError && EXPECTED_5XX.has(err.reason))
  ) {
    // An answered outage (D1, a gateway, a missing secret): its reason, not a stack, is the news.
    const reason = err instanceof ApiError ? err.reason : 'error';
    reportFailure(
      'server_error',
      { status: err.status, reason, path: c.req.path },
      reportContext(c),
    );
  }
  if (err instanceof ApiError) {
    return c.json(envelope(err.message, err.reason, err.details), err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    const [message, reason] = reasonByStatus[err.status] ?? [texts.serverUnavailable, 'error'];
    return c.json(envelope(message, reason), err.status);
  }
  // D1 out of reach or a secret missing: a 503 in Russian, and reported like any other failure.
  const unavailable = unavailableResponse(err, c);
  logger.error(unavailable ? 'http.unavailable' : 'http.unhandled_error', {
    path: c.req.path,
    method: c.req.method,
    error: err,
  });
  reportError(err, reportContext(c));
  if (unavailable) return unavailable;
  return c.json(envelope(texts.serverUnavailable, 'internal_error'), 500);
}

/** The request and its `waitUntil` (absent when the app runs without an execution context). */
function reportContext(c: Context): ReportContext {
  let waitUntil: ReportContext['waitUntil'];
  try {
    const ctx = c.executionCtx;
    waitUntil = (p) => ctx.waitUntil(p);
  } catch {
    // No execution context: the report is sent without anyone waiting for it.
  }
  return { request: c.req.raw, waitUntil };
}

export function notFoundResponse(c: Context): Response {
  return c.json(envelope(texts.notFound, 'not_found'), 404);
}
