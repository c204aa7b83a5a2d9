import type { z } from 'zod';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { type LiveSession, signToken } from '../../lib/session-token.ts';
import { ACCESS_TOKEN_SECONDS } from './limits.ts';
import type { signedIn } from './schemas.ts';

/** A live device session as the API hands it out: who is signed in, on which profile. */
export type SignedIn = LiveSession;

/** The JSON answer of sign-in, sign-up and renewal (docs/product.md, «What we keep», tokenInfo + token). */
export type TokenAnswer = z.infer<typeof signedIn>;

/**
 * A short-lived access token (15 minutes): HS256 with the spec's `hash` claim plus account,
 * profile, billing, kid flag and the session id that lets the server refuse it once revoked.
 * @example await accessToken(session, config().jwtSecret, now)
 */
export async function accessToken(s: SignedIn, secret: string, now: number): Promise<string> {
  return signToken(
    {
      hash: s.tokenHash,
      acc: s.accountId,
      sub: s.userId,
      bil: s.billingId,
      kid: s.isKid,
      sid: s.sessionId,
      iat: now,
      exp: now + ACCESS_TOKEN_SECONDS,
    },
    secret,
  );
}

export async function tokenAnswer(s: SignedIn, secret: string, now: number): Promise<TokenAnswer> {
  return {
    token: await accessToken(s, secret, now),
    accountId: s.accountId,
    userId: s.userId,
    billingId: s.billingId,
    isKid: s.isKid,
  };
}

/** A new session's credential: the id (public, 16 bytes) and the secret (32 bytes) the cookie carries. */
export interface NewCredential {
  id: string;
  secret: string;
  secretHash: string;
  tokenHash: string;
  cookie: string;
}

/** A fresh random credential for a new device session. */
export async function newCredential(): Promise<NewCredential> {
  const id = randomToken(16);
  const secret = randomToken(32);
  return {
    id,
    secret,
    secretHash: await sha256(secret),
    tokenHash: randomToken(12),
    cookie: `${id}.${secret}`,
  };
}

/**
 * The `session` cookie split into id and the digest of its secret; null when it is malformed.
 * @example await readCredential('Jx3….q3V…') // { id: 'Jx3…', secretHash: '…' }
 */
export async function readCredential(
  cookie: string | undefined,
): Promise<{ id: string; secretHash: string } | null> {
  const match = cookie ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie) : null;
  if (!match) return null;
  return { id: match[1]!, secretHash: await sha256(match[2]!) };
}
