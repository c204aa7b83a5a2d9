import { verify } from 'hono/jwt';

/** Who is signed in, as the edge sees it (spec section 3, "Current profile" tokenInfo). */
export interface SessionInfo {
  signedIn: boolean;
  accountId: string | null;
  userId: string | null;
  billingId: string | null;
  isKid: boolean;
}

export const GUEST: SessionInfo = { signedIn: false, accountId: null, userId: null, billingId: null, isKid: false };

interface TokenPayload {
  hash?: unknown;
  acc?: unknown;
  sub?: unknown;
  bil?: unknown;
  kid?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * Reads a session token: signed in means the token verifies and its payload holds a hash
 * (spec section 5, "Logged-in check"). A bad, expired or hashless token is a guest.
 * @example await sessionOf(cookieToken, env.JWT_SECRET) // { signedIn: true, accountId: '1', ... }
 */
export async function sessionOf(token: string | undefined, secret: string): Promise<SessionInfo> {
  if (!token || !secret) return GUEST;
  try {
    const payload = (await verify(token, secret, 'HS256')) as TokenPayload;
    if (typeof payload.hash !== 'string' || payload.hash === '') return GUEST;
    return {
      signedIn: true,
      accountId: str(payload.acc),
      userId: str(payload.sub),
      billingId: str(payload.bil),
      isKid: payload.kid === true,
    };
  } catch {
    return GUEST;
  }
}
