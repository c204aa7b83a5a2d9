import { d1 } from '../../db/client.ts';
import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { readToken } from '../../lib/session-token.ts';
import { type AccountSummary, accountPageData } from './account-page.ts';
import {
  accountCounts,
  listSessions,
  revokeAccountSessions,
  revokeByCredential,
  revokeById,
  revokeSession,
  type SessionListItem,
  toSignedIn,
  touchSession,
} from './repo.ts';
import { tellRevoked } from './revoked.ts';
import { nowSeconds } from './session.ts';
import { authTexts } from './texts.ts';
import { accessToken, readCredential } from './tokens.ts';

/**
 * The account's device sessions as the API (`/auth/sessions`) and /settings/devices both use
 * them: list, end one, end all others. Each takes the live session of the viewer, never a request.
 */

export type DeviceSession = SessionListItem & { current: boolean };

const listed = (live: LiveSession, rows: readonly SessionListItem[]): DeviceSession[] =>
  rows.map((s) => ({ ...s, current: s.id === live.sessionId }));

/** Every signed-in device of the account, most recently active first, this one marked. */
export async function deviceSessions(live: LiveSession): Promise<DeviceSession[]> {
  const { results } = await listSessions(d1(), live.accountId, nowSeconds()).all<SessionListItem>();
  return listed(live, results);
}

/** Signs out every other device of the account; answers how many sessions ended. */
export async function endOtherSessions(live: LiveSession): Promise<number> {
  const now = nowSeconds();
  const ended = await revokeAccountSessions(d1(), live.accountId, live.sessionId, now).run();
  await tellRevoked(ended, now);
  return ended.meta.changes;
}

/**
 * Signs out one device of the account: a 404 when it is not the account's or already ended.
 * Answers whether it was this device (its cookies must then go too).
 */
export async function endSession(live: LiveSession, id: string): Promise<{ own: boolean }> {
  const now = nowSeconds();
  const ended = await revokeSession(d1(), live.accountId, id, now).run();
  if (ended.meta.changes === 0)
    throw new ApiError(404, authTexts.sessionNotFound, 'session_not_found');
  await tellRevoked(ended, now);
  return { own: id === live.sessionId };
}

/**
 * Logout: ends the session named by the HttpOnly credential and the one named by the verified
 * access token (either may be missing or already over; nothing to end is not an error).
 */
export async function endThisDevice(
  credentialCookie: string | undefined,
  sessionId: string | null,
): Promise<void> {
  const db = d1();
  const now = nowSeconds();
  const credential = await readCredential(credentialCookie);
  const ends = [
    credential && revokeByCredential(db, credential.id, credential.secretHash, now),
    sessionId && revokeById(db, sessionId, now),
  ].filter((s): s is D1PreparedStatement => Boolean(s));
  if (ends.length > 0) await tellRevoked(await db.batch(ends), now);
}

/**
 * Renewal from an access token (bearer or cookie) of a live session even when its payload lacks
 * the hash: the first candidate that names a session decides, live or not (docs/product.md, «How things change»).
 */
export async function renewFromToken(
  candidates: readonly (string | undefined)[],
  now: number,
): Promise<{ live: LiveSession; token: string } | null> {
  const secret = config().jwtSecret;
  for (const candidate of candidates) {
    const sid = (await readToken(candidate, secret))?.sid;
    if (typeof sid !== 'string') continue;
    const live = toSignedIn(await touchSession(d1(), sid, null, now).first());
    if (!live) return null;
    return { live, token: await accessToken(live, secret, now) };
  }
  return null;
}

/** /settings/devices in one round trip: the viewer, the account and its device sessions. */
export async function devicesPage(
  sessionId: string,
  accountId: number,
): Promise<{ live: LiveSession; account: AccountSummary; sessions: DeviceSession[] } | null> {
  const page = await accountPageData(sessionId, accountId, (db, id) => [
    listSessions(db, id, nowSeconds()),
  ]);
  if (!page) return null;
  const rows = page.results[0]!.results as unknown as SessionListItem[];
  return { live: page.live, account: page.account, sessions: listed(page.live, rows) };
}

/** /settings in one round trip: the viewer, the account, how many profiles and live devices. */
export async function settingsOverview(
  sessionId: string,
  accountId: number,
): Promise<{
  live: LiveSession;
  account: AccountSummary;
  profiles: number;
  devices: number;
} | null> {
  const page = await accountPageData(sessionId, accountId, accountCounts);
  if (!page) return null;
  const [profiles, devices] = page.results.map((r) => (r.results[0] as { n: number }).n);
  return { live: page.live, account: page.account, profiles: profiles!, devices: devices! };
}
