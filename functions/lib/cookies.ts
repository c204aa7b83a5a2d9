import type { Context } from 'hono';
import { generateCookie } from 'hono/cookie';
import type { CookieToSet } from '../shared/cookies.ts';

/**
 * The `Set-Cookie` value of a cookie a service asked for, written by Hono's own serializer so a
 * route and a page send the same bytes.
 * @example headers.append('Set-Cookie', cookieHeader({ name: 'token', value, options }))
 */
export function cookieHeader(cookie: CookieToSet): string {
  return generateCookie(cookie.name, cookie.value, cookie.options);
}

/**
 * Sets the cookies a service returned on a route's answer, in their order (as `setCookie` does).
 * @example const { answer, cookies } = await passwordSignIn(…); applyCookies(c, cookies);
 */
export function applyCookies(c: Context, cookies: readonly CookieToSet[]): void {
  for (const cookie of cookies) c.header('Set-Cookie', cookieHeader(cookie), { append: true });
}
