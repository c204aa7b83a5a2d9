import type { Context } from 'hono';
import { d1 } from '../../db/client.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { ApiError } from '../../lib/errors.ts';
import { templates } from '../../lib/messages/index.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import type { Guard } from '../auth/auth.repo.ts';
import { checkCode } from '../auth/codes.ts';
import { pseudonym } from '../auth/keys.ts';
import { sendCode, takeCheckAllowance, type Channel } from '../auth/send-code.ts';
import { accountAddresses } from './parental.repo.ts';
import { parentalTexts } from './texts.ts';

/** What a parental code is for: resetting the PIN, or the generic verification (disable, age). */
export type ParentalCodeKind = 'pin_reset' | 'verification';

/**
 * Parental codes live in auth_codes under the account's own target (purpose 'reset', whose CHECK
 * already allows it), so they never end or match a password-reset code of the same address.
 */
function target(kind: ParentalCodeKind, accountId: number): Promise<string> {
  return pseudonym('parental-code', `${kind}:${accountId}`);
}

/** Masks an address for the answer: «an***@mail.ru», «+7 *** ***-**-67». */
function mask(channel: Channel, address: string): string {
  if (channel === 'sms') return `${address.slice(0, 2)} *** ***-**-${address.slice(-2)}`;
  const [name = '', domain = ''] = address.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}

/**
 * Sends a 6-digit code for `kind` to the account's e-mail (or phone when asked, or when it has no
 * e-mail) under the accounts' send throttles; answers where it went, masked.
 */
export async function sendParentalCode(c: Context<AppEnv>, live: LiveSession, kind: ParentalCodeKind, wanted?: Channel): Promise<{ channel: Channel; to: string }> {
  const row = await accountAddresses(d1(), live.accountId).first<{ email: string | null; phone: string | null }>();
  if (!row) throw new ApiError(404, parentalTexts.accountNotFound, 'account_not_found');
  const channel: Channel = wanted === 'sms' ? (row.phone ? 'sms' : 'email') : row.email ? 'email' : 'sms';
  const address = channel === 'sms' ? row.phone! : row.email!;
  await sendCode(c, {
    channel,
    address,
    purpose: 'reset',
    target: await target(kind, live.accountId),
    live: true,
    message: (code) => templates.parentalControlCode({ channel, to: address, code: code! }),
  });
  return { channel, to: mask(channel, address) };
}

/** Checks a parental code (tries, expiry, per-IP allowance); answers the guard for the consuming batch. */
export async function checkParentalCode(c: Context<AppEnv>, live: LiveSession, kind: ParentalCodeKind, code: string, now: number): Promise<Guard> {
  await takeCheckAllowance(c, now);
  return checkCode(d1(), await target(kind, live.accountId), 'reset', code, now);
}
