import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { countAttempt, pseudonym, resetLimit, restartWindow, tooMany } from '../auth/index.ts';
import { MAX_PIN_FAILURES, PIN_ENTRY_SECONDS, PIN_LOCK_SECONDS } from './limits.ts';
import { verifyPin } from './pin-hash.ts';
import { type ControlRow, markEntered, readControl, toControl } from './repo.ts';
import { parentalTexts, pinLocked, wrongPin } from './texts.ts';

/** The lock counter of PIN entry: one per account, whatever the device. */
export function pinLockKey(accountId: number): Promise<string> {
  return pseudonym('pin', String(accountId));
}

/** The account's control with this session's marks. */
export async function loadControl(live: LiveSession, now: number): Promise<ControlRow> {
  return toControl(await readControl(d1(), live.accountId, live.sessionId, now).first());
}

/** A 429 of the PIN lock with Retry-After. */
function pinLockError(seconds: number): ApiError {
  return tooMany(seconds, pinLocked(seconds), 'pin_locked');
}

/**
 * One PIN attempt on the account: counted before it is checked, in one statement, so however
 * many arrive at once at most five are compared per window; the fifth failure locks PIN entry for
 * 15 minutes (429 with Retry-After), a wrong PIN before that is a 403 with the tries left. A
 * success clears the count and, unless `mark` is false, marks this session's PIN as entered.
 * @example await attemptPin(live, control, '1234', now) // throws ApiError unless right
 */
export async function attemptPin(
  live: LiveSession,
  control: ControlRow,
  pin: string,
  now: number,
  { mark = true } = {},
): Promise<void> {
  if (control.status !== 'Enabled' || !control.pinHash)
    throw new ApiError(409, parentalTexts.pinNotSet, 'pin_not_set');
  const db = d1();
  const key = await pinLockKey(live.accountId);
  const counted = await countAttempt(
    db,
    { key, max: MAX_PIN_FAILURES, seconds: PIN_LOCK_SECONDS },
    now,
  ).first<{ count: number; reset_at: number }>();
  const count = counted?.count ?? MAX_PIN_FAILURES + 1;
  if (count > MAX_PIN_FAILURES)
    throw pinLockError((counted?.reset_at ?? now + PIN_LOCK_SECONDS) - now);
  if (await verifyPin(live.accountId, pin, control.pinHash)) {
    await db.batch([
      resetLimit(db, key),
      ...(mark ? [markEntered(db, live.sessionId, live.accountId, now + PIN_ENTRY_SECONDS)] : []),
    ]);
    return;
  }
  if (count === MAX_PIN_FAILURES) {
    await restartWindow(db, key, now + PIN_LOCK_SECONDS).run();
    throw pinLockError(PIN_LOCK_SECONDS);
  }
  throw new ApiError(403, wrongPin(MAX_PIN_FAILURES - count), 'pin_invalid');
}
