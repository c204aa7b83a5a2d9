import { SECONDS } from './ru.ts';

export { COOKIE } from './cookie-names.ts';

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
