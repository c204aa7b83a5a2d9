import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Limit } from './limits.ts';
import { blockingUntil, takeUnits } from './rate-limit.repo.ts';
import { retryText } from './texts.ts';

/**
 * Takes one unit from every limit, all or nothing, in one statement: either every counter is
 * below its max and all are incremented, or none is touched and the request is refused. So a
 * refused resend does not eat into the hourly allowance, and two concurrent requests cannot both
 * take the last unit (SQLite runs the statement atomically).
 * Throws a 429 with `Retry-After` (seconds until the first blocking window ends).
 * @example await takeOrThrow([{ key: 'send-ip:…', max: 20, seconds: 3600 }], now)
 */
export async function takeOrThrow(limits: Limit[], now: number): Promise<void> {
  const db = d1();
  const taken = await takeUnits(db, limits, now).run();
  if (taken.meta.changes > 0) return;
  const blocking = await blockingUntil(db, limits, now).first<{ until: number | null }>();
  throw tooMany(Math.max(1, (blocking?.until ?? now + 1) - now));
}

/** A 429 in the envelope, with Retry-After when waiting helps (not when a new code is needed). */
export function tooMany(
  retryAfter: number,
  message = retryText(retryAfter),
  reason = 'rate_limited',
): ApiError {
  return new ApiError(
    429,
    message,
    reason,
    retryAfter > 0 ? { 'Retry-After': String(Math.ceil(retryAfter)) } : {},
  );
}
