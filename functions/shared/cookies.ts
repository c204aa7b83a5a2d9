import { SECONDS } from './ru.ts';

/**
 * Cookie names. The spec names the purchase-flow cookies; the others are ours (docs/decisions.md).
 */
export const COOKIE = {
  deviceId: 'device_id',
  /** HttpOnly credential `<session id>.<secret>` (docs/decisions.md, "Sessions"). */
  session: 'session',
  /** Short-lived access token (15 minutes), readable by the page and sent as Bearer. */
  token: 'token',
  accountId: 'account_id',
  userId: 'user_id',
  billingId: 'billing_id',
  isKid: 'is_kid',
  cookieAgreement: 'cookie_agreement',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
  partner: 'partner',
  partnerUid: 'partner_uid',
  userStatus: 'user_status',
  parentalPin: 'pin_status',
  /** docs/product.md, «What we keep», purchase-flow cookies: the tariff chosen for payment, cleared on logout. */
  tariffId: 'tariffId',
  /** HttpOnly, path /auth/socials: the `state` of the social sign-in this browser started (10 minutes). */
  socialState: 'social_state',
  /**
   * HttpOnly, signed: this browser has signed in to the account it names (by the pseudonyms of its
   * e-mail and phone), so its password attempts are not held up by a stranger's lockout.
   */
  trustedDevice: 'trusted_device',
} as const;

/** docs/product.md, «Numbers»: auth cookie max-age, and the one-year lifetime of the cookie agreement. */
export const ONE_YEAR_SECONDS = SECONDS.year;

/**
 * The attributes of a cookie we set, as Hono's `setCookie` takes them (the fields we use), so
 * services can say what to set without importing the HTTP layer.
 */
export interface CookieAttributes {
  path?: string;
  domain?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

/**
 * A cookie an answer sets; a cleared one has the value '' and `maxAge: 0`. Services return these,
 * the route (`applyCookies`) or the page (`cookieHeader`) writes them: functions/lib/cookies.ts.
 */
export interface CookieToSet {
  name: string;
  value: string;
  options: CookieAttributes;
}

/**
 * A cookie that expires one the browser holds (what Hono's `deleteCookie` writes).
 * @example expiredCookie(COOKIE.session, { path: '/', sameSite: 'Lax', secure, httpOnly: true })
 */
export function expiredCookie(name: string, options: CookieAttributes): CookieToSet {
  return { name, value: '', options: { ...options, maxAge: 0 } };
}

/** A long-lived first-party cookie readable by the page (device id, agreement). */
export function publicCookie(maxAge: number, secure: boolean): CookieAttributes {
  return { path: '/', maxAge, sameSite: 'Lax', secure };
}

/** The HttpOnly session credential: the page's scripts can never read or send it elsewhere. */
export function credentialCookie(maxAge: number, secure: boolean): CookieAttributes {
  return { path: '/', maxAge, sameSite: 'Lax', secure, httpOnly: true };
}

/** True when the request came over HTTPS (so Secure cookies will be kept). */
export function isHttps(request: Request): boolean {
  return (
    new URL(request.url).protocol === 'https:' ||
    request.headers.get('x-forwarded-proto') === 'https'
  );
}
