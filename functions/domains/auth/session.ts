import { d1 } from '../../db/client.ts';
import type { EdgeContext } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import { type LiveSession, sessionFromLive } from '../../lib/session-token.ts';
import {
  COOKIE,
  type CookieToSet,
  credentialCookie,
  expiredCookie,
  publicCookie,
} from '../../shared/cookies.ts';
import { PURCHASE_COOKIE_NAMES } from '../../shared/purchase-flow.ts';
import { customerAuthenticated } from '../analytics/index.ts';
import { SESSION_SECONDS } from './limits.ts';
import { liveSession, toSignedIn, touchSession } from './repo.ts';
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

/** What a service answers together with the cookies the route or page must set, in order. */
export interface WithCookies<T> {
  answer: T;
  cookies: CookieToSet[];
}

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

/**
 * The signed-in cookies: the token and ids for the page, and (on sign-in) the HttpOnly credential.
 * @example applyCookies(c, sessionCookies(live, token, c.var.edge.client.secure))
 */
export function sessionCookies(
  s: SignedIn,
  token: string,
  secure: boolean,
  credential?: NewCredential,
): CookieToSet[] {
  const visible = publicCookie(SESSION_SECONDS, secure);
  return [
    ...(credential
      ? [
          {
            name: COOKIE.session,
            value: credential.cookie,
            options: credentialCookie(SESSION_SECONDS, secure),
          },
        ]
      : []),
    { name: COOKIE.token, value: token, options: visible },
    { name: COOKIE.accountId, value: String(s.accountId), options: visible },
    { name: COOKIE.userId, value: String(s.userId), options: visible },
    { name: COOKIE.billingId, value: s.billingId, options: visible },
    { name: COOKIE.isKid, value: String(s.isKid), options: visible },
  ];
}

/**
 * Expires the session cookies; on logout also the tariff and PIN cookies (docs/product.md, «How
 * things change»). A session found dead (revoked elsewhere) clears only the session ones.
 */
export function expiredSessionCookies(
  secure: boolean,
  { logout }: { logout: boolean },
): CookieToSet[] {
  return (logout ? LOGOUT_COOKIES : SESSION_COOKIES).map((name) =>
    expiredCookie(name, { path: '/', secure, sameSite: 'Lax', httpOnly: name === COOKIE.session }),
  );
}

/** Signs this browser in on a new session row: the JSON answer and the cookies. */
export async function signedInAnswer(
  s: SignedIn,
  credential: NewCredential,
  now: number,
  secure: boolean,
): Promise<WithCookies<TokenAnswer>> {
  const answer = await tokenAnswer(s, config().jwtSecret, now);
  customerAuthenticated(s);
  return { answer, cookies: sessionCookies(s, answer.token, secure, credential) };
}

/**
 * The live session of the request, or a 401: the access token's session must still be in D1, not
 * revoked and not expired, so a revoked device is refused at once rather than when its
 * 15-minute token runs out. Costs one read unless the edge already read the row.
 *
 * The row also makes the request the session's current profile: `edge.session` takes the row's
 * profile and kid flag, so every viewer built afterwards in this request (`requestViewer`) is the
 * profile the session has now. A token issued before a profile switch names the old profile for
 * up to its 15 minutes; without this, an adult token kept after switching to a kid profile would
 * still buy and play 18+ (docs/product.md, «Who may see what»).
 * @example const live = await requireLiveSession(c.var.edge)
 */
export async function requireLiveSession(
  edge: Pick<EdgeContext, 'session' | 'renewal'>,
): Promise<LiveSession> {
  const { session, renewal } = edge;
  if (renewal && renewal.live.sessionId === session.sessionId) return renewal.live;
  if (!session.signedIn) throw new ApiError(401, authTexts.unauthorized, 'unauthorized');
  const live = session.sessionId
    ? toSignedIn(await liveSession(d1(), session.sessionId, nowSeconds()).first())
    : null;
  if (!live) throw new ApiError(401, authTexts.sessionEnded, 'session_ended');
  edge.session = sessionFromLive(live);
  return live;
}

/**
 * Renews from the HttpOnly `session` cookie: one statement checks the credential, marks the
 * session seen and answers it; then a fresh access token. Null when there is no cookie, 'dead'
 * when it names no live session.
 */
export async function renewFromCookie(
  sessionCookie: string | undefined,
  now: number,
): Promise<{ live: LiveSession; token: string } | 'dead' | null> {
  const credential = await readCredential(sessionCookie);
  if (!credential) return sessionCookie === undefined ? null : 'dead';
  const live = toSignedIn(
    await touchSession(d1(), credential.id, credential.secretHash, now).first(),
  );
  if (!live) return 'dead';
  return { live, token: await accessToken(live, config().jwtSecret, now) };
}
