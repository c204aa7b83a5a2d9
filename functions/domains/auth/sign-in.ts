import { d1 } from '../../db/client.ts';
import type { ClientFacts } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import type { CookieToSet } from '../../shared/cookies.ts';
import { attemptLockKey, trustDevice } from './device-trust.ts';
import { pseudonym } from './keys.ts';
import { FAILURE_DELAYS_MS, LOCK_SECONDS, MAX_PASSWORD_FAILURES } from './limits.ts';
import { verifyPassword } from './password.ts';
import { countAttempt, resetLimit, restartWindow } from './rate-limit.repo.ts';
import { tooMany } from './rate-limit.ts';
import {
  type AccountKey,
  type AccountRow,
  findAccount,
  insertSession,
  revokeByCredential,
  toSignedIn,
} from './repo.ts';
import { tellRevoked } from './revoked.ts';
import { takeCheckAllowance } from './send-code.ts';
import { signedInAnswer, type WithCookies } from './session.ts';
import { authTexts } from './texts.ts';
import { type NewCredential, newCredential, readCredential, type TokenAnswer } from './tokens.ts';

/** The throttle key of password attempts on one identifier, whether or not an account has it. */
export function lockKey(identifier: { email: string } | { phone: string }): Promise<string> {
  return pseudonym(
    'login',
    'email' in identifier ? `email:${identifier.email}` : `phone:${identifier.phone}`,
  );
}

/** The lock keys of every identifier an account signs in with (its e-mail and its phone). */
export async function accountLockKeys(
  account: Pick<AccountRow, 'email' | 'phone'>,
): Promise<string[]> {
  return Promise.all([
    ...(account.email ? [lockKey({ email: account.email })] : []),
    ...(account.phone ? [lockKey({ phone: account.phone })] : []),
  ]);
}

/** The lock key of an account's own identifier (its e-mail, else its phone). */
export function accountLockKey(account: Pick<AccountRow, 'email' | 'phone'>): Promise<string> {
  return lockKey(account.email ? { email: account.email } : { phone: account.phone ?? '' });
}

export interface PasswordCheck {
  key: string;
  ok: boolean;
}

/**
 * One password attempt on an identifier: counted before it is checked, so at most five checks
 * run per 15 minutes however many arrive at once; the sixth is a 429 until the lock ends. A
 * failure waits a little longer each time before it answers; the fifth starts the 15-minute lock.
 * Unknown identifiers take the same path with the dummy hash: same answer, same cost.
 */
export async function attemptPassword(
  key: string,
  password: string,
  /** The account if already read, else the statement that reads it (batched with the count). */
  source: { account: AccountRow } | { load: D1PreparedStatement },
  now: number,
): Promise<{ ok: boolean; account: AccountRow | null }> {
  const db = d1();
  const limit = { key, max: MAX_PASSWORD_FAILURES, seconds: LOCK_SECONDS };
  const load = 'load' in source ? source.load : null;
  const [counted, found] = await db.batch<Record<string, unknown>>(
    load ? [countAttempt(db, limit, now), load] : [countAttempt(db, limit, now)],
  );
  const { count, reset_at: resetAt } = counted!.results[0] as { count: number; reset_at: number };
  if (count > MAX_PASSWORD_FAILURES)
    throw tooMany(resetAt - now, authTexts.signInLocked, 'sign_in_locked');
  const row =
    'account' in source
      ? source.account
      : ((found?.results[0] as unknown as AccountRow | undefined) ?? null);
  const ok = await verifyPassword(password, row?.passwordHash, config().passwordIterations);
  if (ok) return { ok, account: row };
  if (count === MAX_PASSWORD_FAILURES) {
    await restartWindow(db, key, now + LOCK_SECONDS).run();
  }
  await new Promise((resolve) =>
    setTimeout(resolve, FAILURE_DELAYS_MS[count - 1] ?? FAILURE_DELAYS_MS.at(-1)),
  );
  return { ok: false, account: row };
}

/** Revokes the session this browser held before signing in again, so no orphan stays live. */
export async function replacePrevious(
  sessionCookie: string | undefined,
  now: number,
): Promise<D1PreparedStatement[]> {
  const previous = await readCredential(sessionCookie);
  return previous ? [revokeByCredential(d1(), previous.id, previous.secretHash, now)] : [];
}

/** The signed-in answer and cookies from the row a session insert returned (a batch result). */
export async function answerFromInsert(
  result: D1Result<Record<string, unknown>> | undefined,
  credential: NewCredential,
  now: number,
  secure: boolean,
): Promise<WithCookies<TokenAnswer>> {
  const signedIn = toSignedIn(result?.results[0]);
  if (!signedIn) throw new Error('session insert returned no row');
  return signedInAnswer(signedIn, credential, now, secure);
}

/**
 * Sign-in with e-mail or phone and password. Unknown identifier and wrong password answer the
 * same 401 text after the same work. A browser that signed in to this account before counts its
 * attempts against its own lock (device-trust.ts); a success marks the browser so. The cookies
 * to set: the device cookie, then the session's.
 */
export async function passwordSignIn(
  client: ClientFacts,
  identifier: { email: string } | { phone: string },
  password: string,
  now: number,
): Promise<WithCookies<TokenAnswer>> {
  await takeCheckAllowance(client.ip, now);
  const db = d1();
  const key = await attemptLockKey(client.trustedDeviceCookie, await lockKey(identifier), now);
  const { ok, account } = await attemptPassword(
    key,
    password,
    { load: findAccount(db, identifier as AccountKey) },
    now,
  );
  if (!ok || !account) {
    throw new ApiError(
      401,
      'email' in identifier ? authTexts.wrongEmailOrPassword : authTexts.wrongPhoneOrPassword,
      'invalid_credentials',
    );
  }
  const credential = await newCredential();
  const results = await db.batch<Record<string, unknown>>([
    resetLimit(db, key),
    insertSession(db, { id: account.id }, credential, client.device, now),
    ...(await replacePrevious(client.sessionCookie, now)),
  ]);
  await tellRevoked(results, now, { replaced: true });
  const inserted = results[1];
  const trusted = await trustDevice(await accountLockKeys(account), now, client.secure);
  return withFirst(trusted, await answerFromInsert(inserted, credential, now, client.secure));
}

/** A signed-in answer with one more cookie set before the session's. */
export function withFirst<T>(cookie: CookieToSet, signedIn: WithCookies<T>): WithCookies<T> {
  return { answer: signedIn.answer, cookies: [cookie, ...signedIn.cookies] };
}
