import { d1 } from '../../db/client.ts';
import { config } from '../../lib/config.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import type { CookieToSet } from '../../shared/cookies.ts';
import { templates } from '../messages/index.ts';
import { checkCode, codeAlreadyUsed } from './codes.ts';
import { hashPassword } from './password.ts';
import { resetLimit } from './rate-limit.repo.ts';
import {
  type AccountRow,
  consumeCode,
  findAccount,
  findPasswordToken,
  insertPasswordToken,
  revokeAccountSessions,
  setPassword,
} from './repo.ts';
import { tellRevoked } from './revoked.ts';
import {
  addressOf,
  type Contact,
  channelOf,
  codeTarget,
  sendCode,
  takeCheckAllowance,
} from './send-code.ts';
import { expiredSessionCookies } from './session.ts';
import { accountLockKey, accountLockKeys, attemptPassword } from './sign-in.ts';
import { authTexts } from './texts.ts';

/**
 * Password reset, step 1: always the same 202. A known address gets a code; an unknown e-mail a
 * note that it has no account (a forgetful owner learns something useful); an unknown phone
 * nothing, since SMS to strangers costs money and invites pumping. Either message goes after the
 * answer, so a gateway's round trip for a known number cannot be timed against nothing for an
 * unknown one.
 */
export async function requestReset(ip: string, id: Contact): Promise<void> {
  const account = await findAccount(d1(), id).first();
  const origin = config().siteOrigin;
  const email = 'email' in id;
  await sendCode(ip, {
    channel: channelOf(id),
    address: addressOf(id),
    purpose: 'reset',
    live: account !== null,
    afterResponse: true,
    message: (code) => {
      const to = addressOf(id);
      if (code) return templates.passwordResetCode({ channel: channelOf(id), to, code });
      return email
        ? templates.passwordResetNoAccount({ to, signUpUrl: `${origin}/auth?step=signup` })
        : null;
    },
  });
}

/** Step 2: the code for a one-time password-change token (valid 10 minutes, single use). */
export async function exchangeResetCode(
  ip: string,
  id: Contact,
  code: string,
  now: number,
): Promise<string> {
  await takeCheckAllowance(ip, now);
  const db = d1();
  const guard = await checkCode(
    db,
    await codeTarget(channelOf(id), addressOf(id)),
    'reset',
    code,
    now,
  );
  const account = await findAccount(db, id).first<AccountRow>();
  if (!account) throw codeAlreadyUsed();
  const token = randomToken(32);
  const [consumed] = await db.batch([
    consumeCode(db, guard, now),
    insertPasswordToken(db, account.id, await sha256(token), now, guard),
  ]);
  if (consumed!.meta.changes === 0) throw codeAlreadyUsed();
  return token;
}

/**
 * Sets a new password with a reset token: every session of the account ends (whoever knew the
 * old password is out), and so does the sign-in lock on its addresses. One transaction.
 * @param viewer the account this browser is signed in to (`session.accountId`) and whether it
 *   came over HTTPS: a browser of the same account gets its session cookies cleared (returned)
 */
export async function changeWithToken(
  viewer: { accountId: string | null; secure: boolean },
  token: string,
  newPassword: string,
  now: number,
): Promise<CookieToSet[]> {
  const db = d1();
  const row = await findPasswordToken(db, await sha256(token), now).first<
    AccountRow & { codeId: number }
  >();
  if (!row) throw new ApiError(400, authTexts.passwordTokenInvalid, 'password_token_invalid');
  const guard = { codeId: row.codeId, nonce: randomToken(16) };
  const passwordHash = await hashPassword(newPassword, config().passwordIterations);
  const unlock = await accountLockKeys(row);
  const [consumed, , revoked] = await db.batch([
    consumeCode(db, guard, now),
    setPassword(db, row.id, passwordHash, now, guard),
    revokeAccountSessions(db, row.id, null, now, guard),
    ...unlock.map((key) => resetLimit(db, key)),
  ]);
  if (consumed!.meta.changes === 0)
    throw new ApiError(400, authTexts.passwordTokenInvalid, 'password_token_invalid');
  await tellRevoked(revoked!, now);
  return viewer.accountId === String(row.id)
    ? expiredSessionCookies(viewer.secure, { logout: false })
    : [];
}

/**
 * Changes the password of a signed-in account given the current one (counted against the same
 * lock as sign-in); every other session ends, this one stays.
 * @returns how many other sessions were ended
 */
export async function changeWithCurrent(
  live: LiveSession,
  currentPassword: string,
  newPassword: string,
  now: number,
): Promise<number> {
  const db = d1();
  const account = await findAccount(db, { id: live.accountId }).first<AccountRow>();
  if (!account) throw new ApiError(401, authTexts.sessionEnded, 'session_ended');
  if (!account.passwordHash) throw new ApiError(400, authTexts.noPassword, 'no_password');
  const key = await accountLockKey(account);
  const { ok } = await attemptPassword(key, currentPassword, { account }, now);
  if (!ok) throw new ApiError(403, authTexts.wrongCurrentPassword, 'wrong_current_password');
  const passwordHash = await hashPassword(newPassword, config().passwordIterations);
  const [, revoked] = await db.batch([
    setPassword(db, account.id, passwordHash, now),
    revokeAccountSessions(db, account.id, live.sessionId, now),
    resetLimit(db, key),
  ]);
  await tellRevoked(revoked!, now);
  return revoked!.meta.changes;
}
