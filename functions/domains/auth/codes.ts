import type { CodePurpose } from '../../db/accounts-schema.ts';
import { randomDigits, randomToken, timingSafeEqual } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import { codeDigest } from './keys.ts';
import { CODE_MAX_ATTEMPTS } from './limits.ts';
import { tooMany } from './rate-limit.ts';
import { attemptCode, type Guard, issueCode } from './repo.ts';
import { authTexts, wrongCode } from './texts.ts';

/** Stored instead of a digest for addresses that must get no working code; it matches nothing. */
const DEAD = '!';

/**
 * Issues a 6-digit code for (target, purpose) and answers it, or stores a dead code and answers
 * null (`live: false`): an address that must not receive a code behaves the same from outside —
 * same answer, same attempts, same expiry.
 * @example const code = await newCode(db, target, 'sign_in', now, true) // '042917'
 */
export async function newCode(
  db: D1Database,
  target: string,
  purpose: CodePurpose,
  now: number,
  live: boolean,
): Promise<string | null> {
  const code = live ? randomDigits(6) : null;
  await db.batch(
    issueCode(db, target, purpose, code ? await codeDigest(purpose, target, code) : DEAD, now),
  );
  return code;
}

/**
 * Checks a code: counts the attempt, then compares in constant time. Answers the guard for the
 * batch that consumes the code; throws the envelope otherwise (wrong code with tries left, too
 * many tries, expired, none or used).
 */
export async function checkCode(
  db: D1Database,
  target: string,
  purpose: CodePurpose,
  code: string,
  now: number,
): Promise<Guard> {
  const { counted, latest } = await attemptCode(db, target, purpose, now);
  if (counted) {
    const matches =
      counted.codeHash !== DEAD &&
      timingSafeEqual(await codeDigest(purpose, target, code), counted.codeHash);
    if (matches) return { codeId: counted.id, nonce: randomToken(16) };
    const left = CODE_MAX_ATTEMPTS - counted.attempts;
    if (left > 0) throw new ApiError(400, wrongCode(left), 'invalid_code');
    throw tooMany(0, authTexts.codeAttemptsExceeded, 'code_attempts_exceeded');
  }
  if (!latest || latest.consumedAt !== null)
    throw new ApiError(400, authTexts.codeMissing, 'code_missing');
  if (latest.expiresAt <= now) throw new ApiError(400, authTexts.codeExpired, 'code_expired');
  throw tooMany(0, authTexts.codeAttemptsExceeded, 'code_attempts_exceeded');
}

/** Raised when the batch found the code already consumed by a concurrent request. */
export function codeAlreadyUsed(): ApiError {
  return new ApiError(400, authTexts.codeMissing, 'code_missing');
}
