import { sign, verify } from 'hono/jwt';

/** Who is signed in, as the edge sees it (docs/product.md, «What we keep», "Current profile" tokenInfo). */
export interface SessionInfo {
  signedIn: boolean;
  accountId: string | null;
  userId: string | null;
  billingId: string | null;
  isKid: boolean;
  /** The device session the token was issued for (`sid`); null for tokens without one. */
  sessionId: string | null;
}

/**
 * A device session checked against D1 during this request (live: not revoked, not expired):
 * who is signed in, on which profile, and the public `hash` claim of its access tokens.
 */
export interface LiveSession {
  sessionId: string;
  tokenHash: string;
  accountId: number;
  userId: number;
  billingId: string;
  isKid: boolean;
}

/** SessionInfo of a live session, as a token issued for it would read. */
export function sessionFromLive(s: LiveSession): SessionInfo {
  return {
    signedIn: true,
    accountId: String(s.accountId),
    userId: String(s.userId),
    billingId: s.billingId,
    isKid: s.isKid,
    sessionId: s.sessionId,
  };
}

export const GUEST: SessionInfo = {
  signedIn: false,
  accountId: null,
  userId: null,
  billingId: null,
  isKid: false,
  sessionId: null,
};

/** Claims of our access tokens: hash (docs/product.md, «What we check»), account, profile, billing, kid flag, session. */
export interface TokenPayload {
  hash?: unknown;
  acc?: unknown;
  sub?: unknown;
  bil?: unknown;
  kid?: unknown;
  sid?: unknown;
  exp?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * Signs an access token's claims (HS256), the one format `readToken` verifies.
 * @example await signToken({ sid, exp: now + 900 }, config().jwtSecret)
 */
export function signToken(payload: Parameters<typeof sign>[0], secret: string): Promise<string> {
  return sign(payload, secret, 'HS256');
}

/**
 * The payload of a token that verifies (our signature, not expired), whatever it holds; null otherwise.
 * @example (await readToken(bearer, secret))?.sid // 'Jx3…'
 */
export async function readToken(
  token: string | undefined,
  secret: string,
): Promise<TokenPayload | null> {
  if (!token || !secret) return null;
  try {
    return (await verify(token, secret, 'HS256')) as TokenPayload;
  } catch {
    return null;
  }
}

/** The session a verified payload describes; a payload without a hash is a guest (docs/product.md, «What we check»). */
export function sessionFromPayload(payload: TokenPayload | null): SessionInfo {
  if (!payload || typeof payload.hash !== 'string' || payload.hash === '') return GUEST;
  return {
    signedIn: true,
    accountId: str(payload.acc),
    userId: str(payload.sub),
    billingId: str(payload.bil),
    isKid: payload.kid === true,
    sessionId: typeof payload.sid === 'string' && payload.sid !== '' ? payload.sid : null,
  };
}

/**
 * Reads a session token: signed in means the token verifies and its payload holds a hash
 * (docs/product.md, «What we check», "Logged-in check"). A bad, expired or hashless token is a guest.
 * @example await sessionOf(cookieToken, env.JWT_SECRET) // { signedIn: true, accountId: '1', ... }
 */
export async function sessionOf(token: string | undefined, secret: string): Promise<SessionInfo> {
  return sessionFromPayload(await readToken(token, secret));
}
