import { config } from '../../lib/config.ts';
import { hmac, randomToken, timingSafeEqual } from '../../lib/crypto.ts';
import { COOKIE, type CookieToSet, credentialCookie } from '../../shared/cookies.ts';
import { pseudonym } from './keys.ts';
import { SESSION_SECONDS } from './limits.ts';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
 * has signed in to an account gets a signed HttpOnly cookie naming that account's sign-in
 * identifiers (their lock keys, which are keyed hashes). Its password attempts on those
 * identifiers count against a lock of their own, so five wrong guesses by a stranger lock out
 * strangers, not the owner on a browser they have used before; five wrong guesses from the
 * device lock out that device cookie only.
 *
 * Value: `v1.<expires>.<nonce>.<lock key hashes joined by ~>.<signature>`.
 */
const VERSION = 'v1';
const PREFIX = 'login:';

const sign = (body: string) => hmac(config().jwtSecret, `trusted-device\n${body}`);

/** This browser's device cookie (new or renewed) for an account's lock keys. */
export async function trustDevice(
  lockKeys: string[],
  now: number,
  secure: boolean,
): Promise<CookieToSet> {
  const hashes = lockKeys.map((k) => k.slice(PREFIX.length)).join('~');
  const body = `${VERSION}.${now + SESSION_SECONDS}.${randomToken(16)}.${hashes}`;
  return {
    name: COOKIE.trustedDevice,
    value: `${body}.${await sign(body)}`,
    options: credentialCookie(SESSION_SECONDS, secure),
  };
}

/** The device cookie's nonce when it is genuine, unexpired and names `lockKey`; else null. */
async function trustedNonce(
  value: string | undefined,
  lockKey: string,
  now: number,
): Promise<string | null> {
  const parts = value?.split('.') ?? [];
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, expires, nonce, hashes, signature] = parts as [string, string, string, string, string];
  const body = parts.slice(0, 4).join('.');
  if (!timingSafeEqual(signature, await sign(body))) return null;
  if (!(Number(expires) > now)) return null;
  return hashes.split('~').includes(lockKey.slice(PREFIX.length)) ? nonce : null;
}

/**
 * The lock a password attempt on an identifier counts against: this device cookie's own when the
 * browser holds a valid one for the identifier, else the identifier's lock shared by everyone else.
 * @example const key = await attemptLockKey(client.trustedDeviceCookie, await lockKey({ email }), now)
 */
export async function attemptLockKey(
  trustedDeviceCookie: string | undefined,
  identifierKey: string,
  now: number,
): Promise<string> {
  const nonce = await trustedNonce(trustedDeviceCookie, identifierKey, now);
  return nonce ? pseudonym('login-device', nonce) : identifierKey;
}
