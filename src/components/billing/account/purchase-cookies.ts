import {
  type CookieAttributes,
  type CookieToSet,
  expiredCookie,
} from '../../../../functions/shared/cookies.ts';
import { redirectSetting } from '../../../lib/page-cookies.ts';

/**
 * A redirect that sets the purchase-flow cookies (docs/product.md, «What we keep»): readable by the
 * page, path /, SameSite=Lax, for the browser session; the names in `clear` are expired. Written by
 * the one serializer (page-cookies.ts), and never stored by a cache.
 * @example return redirectWithPurchaseCookies('/payment-type', { isGift: '1' }, secure, ['isHBO'])
 */
export function redirectWithPurchaseCookies(
  location: string,
  cookies: Record<string, string>,
  secure: boolean,
  clear: readonly string[] = [],
): Response {
  const options: CookieAttributes = { path: '/', sameSite: 'Lax', secure };
  const set: CookieToSet[] = [
    ...Object.entries(cookies).map(([name, value]) => ({ name, value, options })),
    ...clear.map((name) => expiredCookie(name, options)),
  ];
  const response = redirectSetting(location, set, 303);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
