import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { d1 } from '../../db/client.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { COOKIE, credentialCookie, isHttps, publicCookie } from '../../shared/cookies.ts';
import { PURCHASE_COOKIE_NAMES } from '../../shared/purchase-flow.ts';
import { customerAuthenticated } from '../analytics/index.ts';
import { SESSION_SECONDS } from './limits.ts';
import { type DeviceFacts, liveSession, toSignedIn, touchSession } from './repo.ts';
import { authTexts } from './texts.ts';
import {
  accessToken,
  type NewCredential,
  readCredential,
  type SignedIn,
  type TokenAnswer,
  tokenAnswer,
} from './tokens.ts';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The cookies the page can read (docs/product.md, «What we keep» and «Numbers»): one year, path /, this host. */
const JS_COOKIES = [
  COOKIE.token,
  COOKIE.accountId,
  COOKIE.userId,
  COOKIE.billingId,
  COOKIE.isKid,
] as const;
/** The credential and the readable cookies of a session: cleared when it turns out to be over. */
export const SESSION_COOKIES = [COOKIE.session, ...JS_COOKIES] as const;
/** Logout clears these too (docs/product.md, «How things change»: the tariff cookie and "one other", the PIN state). */
/**
 * Signing out clears the session, the PIN mark and the purchase flow's choices (tariff, price,
 * gift, order, partner: docs/product.md, «How things change»), so the next person on this browser
 * starts from nothing.
 */
export const LOGOUT_COOKIES = [
  ...SESSION_COOKIES,
  ...PURCHASE_COOKIE_NAMES,
  COOKIE.parentalPin,
] as const;

/** The device a session is opened on, as /settings/devices will list it. */
export function deviceFacts(c: Context<AppEnv>): DeviceFacts {
  const { device, deviceId, geo } = c.var.edge;
  const browser = [device.browserType, device.browserVersion.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const system = [device.os, device.osVersion.split('.')[0]].filter(Boolean).join(' ');
  return {
    deviceId,
    type: device.type,
    name: [browser, system].filter(Boolean).join(' · '),
    country: geo.country,
  };
}

/** Writes the signed-in cookies: the token and ids for the page, and (on sign-in) the HttpOnly credential. */
export function setSessionCookies(
  c: Context<AppEnv>,
  s: SignedIn,
  token: string,
  credential?: NewCredential,
): void {
  const secure = isHttps(c.req.raw);
  const visible = publicCookie(SESSION_SECONDS, secure);
  if (credential)
    setCookie(c, COOKIE.session, credential.cookie, credentialCookie(SESSION_SECONDS, secure));
  setCookie(c, COOKIE.token, token, visible);
  setCookie(c, COOKIE.accountId, String(s.accountId), visible);
  setCookie(c, COOKIE.userId, String(s.userId), visible);
  setCookie(c, COOKIE.billingId, s.billingId, visible);
  setCookie(c, COOKIE.isKid, String(s.isKid), visible);
}

/**
 * Expires the session cookies; on logout also the tariff and PIN cookies (docs/product.md, «How things change»). A
 * session found dead (revoked elsewhere) clears only the session ones.
 */
export function clearSessionCookies(c: Context<AppEnv>, { logout }: { logout: boolean }): void {
  const secure = isHttps(c.req.raw);
  for (const name of logout ? LOGOUT_COOKIES : SESSION_COOKIES)
    deleteCookie(c, name, {
      path: '/',
      secure,
      sameSite: 'Lax',
      httpOnly: name === COOKIE.session,
    });
}

/** True when the answer already sets (or clears) this cookie: the edge then leaves it alone. */
export function answerSets(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`));
}

/** Signs this browser in on a new session row: cookies plus the JSON answer. */
export async function signedInAnswer(
  c: Context<AppEnv>,
  s: SignedIn,
  credential: NewCredential,
  now: number,
): Promise<TokenAnswer> {
  const answer = await tokenAnswer(s, config().jwtSecret, now);
  setSessionCookies(c, s, answer.token, credential);
  customerAuthenticated(s);
  return answer;
}

/**
 * The live session of the request, or a 401: the access token's session must still be in D1, not
 * revoked and not expired, so a revoked device is refused at once rather than when its
 * 15-minute token runs out. Costs one read unless the edge already read the row.
 */
export async function requireLiveSession(c: Context<AppEnv>): Promise<LiveSession> {
  const { session, renewal } = c.var.edge;
  if (renewal && renewal.live.sessionId === session.sessionId) return renewal.live;
  if (!session.signedIn) throw new ApiError(401, authTexts.unauthorized, 'unauthorized');
  const live = session.sessionId
    ? toSignedIn(await liveSession(d1(), session.sessionId, nowSeconds()).first())
    : null;
  if (!live) throw new ApiError(401, authTexts.sessionEnded, 'session_ended');
  return live;
}

/**
 * Renews from the HttpOnly `session` cookie: one statement checks the credential, marks the
 * session seen and answers it; then a fresh access token. Null when there is no usable cookie.
 */
export async function renewFromCookie(
  c: Context<AppEnv>,
  now: number,
): Promise<{ live: LiveSession; token: string } | 'dead' | null> {
  const credential = await readCredential(getCookie(c, COOKIE.session));
  if (!credential) return getCookie(c, COOKIE.session) === undefined ? null : 'dead';
  const live = toSignedIn(
    await touchSession(d1(), credential.id, credential.secretHash, now).first(),
  );
  if (!live) return 'dead';
  return { live, token: await accessToken(live, config().jwtSecret, now) };
}
