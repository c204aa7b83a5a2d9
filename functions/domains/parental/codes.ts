import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import {
  type Channel,
  checkCode,
  codeAlreadyUsed,
  consumeCode,
  type Guard,
  maskAddress,
  pseudonym,
  sendCode,
  takeCheckAllowance,
} from '../auth/index.ts';
import { templates } from '../messages/index.ts';
import { VERIFIED_SECONDS } from './limits.ts';
import { accountAddresses, markVerified } from './repo.ts';
import { parentalTexts } from './texts.ts';

/** What a parental code is for: resetting the PIN, or the generic verification (disable, age). */
type ParentalCodeKind = 'pin_reset' | 'verification';

/**
 * Parental codes live in auth_codes under the account's own target (purpose 'reset', whose CHECK
 * already allows it), so they never end or match a password-reset code of the same address.
 */
function target(kind: ParentalCodeKind, accountId: number): Promise<string> {
  return pseudonym('parental-code', `${kind}:${accountId}`);
}

/**
 * Sends a 6-digit code for `kind` to the account's e-mail (or phone when asked, or when it has no
 * e-mail) under the accounts' send throttles; answers where it went, masked.
 */
export async function sendParentalCode(
  ip: string,
  live: LiveSession,
  kind: ParentalCodeKind,
  wanted?: Channel,
): Promise<{ channel: Channel; to: string }> {
  const row = await accountAddresses(d1(), live.accountId).first<{
    email: string | null;
    phone: string | null;
  }>();
  if (!row) throw new ApiError(404, parentalTexts.accountNotFound, 'account_not_found');
  const channel: Channel =
    wanted === 'sms' ? (row.phone ? 'sms' : 'email') : row.email ? 'email' : 'sms';
  const address = channel === 'sms' ? row.phone! : row.email!;
  await sendCode(ip, {
    channel,
    address,
    purpose: 'reset',
    target: await target(kind, live.accountId),
    live: true,
    message: (code) => templates.parentalControlCode({ channel, to: address, code: code! }),
  });
  return { channel, to: maskAddress(channel, address) };
}

/** Checks a parental code (tries, expiry, per-IP allowance); answers the guard for the consuming batch. */
export async function checkParentalCode(
  ip: string,
  live: LiveSession,
  kind: ParentalCodeKind,
  code: string,
  now: number,
): Promise<Guard> {
  await takeCheckAllowance(ip, now);
  return checkCode(d1(), await target(kind, live.accountId), 'reset', code, now);
}

/**
 * The account-security "verification" step: a right code marks this session as freshly verified
 * for 10 minutes (disabling parental control, the age setting, changing the e-mail or phone of a
 * passwordless account accept it). The code's consumption and the mark are one transaction.
 * @returns until when the mark holds (unix seconds)
 */
export async function verifySession(
  ip: string,
  live: LiveSession,
  code: string,
  now: number,
): Promise<number> {
  const guard = await checkParentalCode(ip, live, 'verification', code, now);
  const db = d1();
  const until = now + VERIFIED_SECONDS;
  const [consumed] = await db.batch([
    consumeCode(db, guard, now),
    markVerified(db, live.sessionId, live.accountId, until, guard),
  ]);
  if (consumed!.meta.changes === 0) throw codeAlreadyUsed();
  return until;
}
