import { d1 } from '../../db/client.ts';
import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import { logger } from '../../lib/log.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { MAX_PROFILES } from '../../shared/constants.ts';
import {
  type AccountSummary,
  accountPageData,
  nowSeconds,
  type SignedIn,
  type TokenAnswer,
  tokenAnswer,
  toSignedIn,
} from '../auth/index.ts';
import { forgetPositions, sessionsEnded } from '../playback/index.ts';
import {
  deleteProfile,
  findProfile,
  forgetPinEntryOnKidSwitch,
  insertProfile,
  listProfiles,
  type ProfileRow,
  profileCounts,
  sessionsOfProfile,
  switchSession,
  toProfile,
  updateProfile,
} from './repo.ts';
import type { CreateProfile, ListedProfile, Profile, UpdateProfile } from './schemas.ts';
import { assertMaySwitchTo } from './switch-guard.ts';
import { profileTexts } from './texts.ts';

/**
 * The account's profiles as the API (`/auth/users…`) and /settings/profiles use them. Each takes
 * the viewer's live session; each throws the error envelope to refuse.
 */

interface Counts {
  total: number;
  adults: number;
}

const listed = (live: LiveSession, rows: readonly ProfileRow[]): ListedProfile[] =>
  rows.map((r) => ({ ...toProfile(r), current: r.id === live.userId }));

/** Kid profiles may look and switch, not manage (403). */
function assertAdult(live: LiveSession): void {
  if (live.isKid) throw new ApiError(403, profileTexts.kidForbidden, 'kid_profile');
}

/** A profile of the viewer's account, or a 404. */
export async function profileById(live: LiveSession, id: number): Promise<Profile> {
  const row = await findProfile(d1(), live.accountId, id).first<ProfileRow>();
  if (!row) throw new ApiError(404, profileTexts.notFound, 'profile_not_found');
  return toProfile(row);
}

/** The profile, and the account's counts, read in one round trip. */
async function profileAndCounts(live: LiveSession, id: number): Promise<[Profile, Counts]> {
  const db = d1();
  const [row, counts] = await db.batch([
    findProfile(db, live.accountId, id),
    profileCounts(db, live.accountId),
  ]);
  const found = row!.results[0] as ProfileRow | undefined;
  if (!found) throw new ApiError(404, profileTexts.notFound, 'profile_not_found');
  return [toProfile(found), counts!.results[0] as Counts];
}

const isLimitError = (e: unknown) => e instanceof Error && e.message.includes('profile_limit');

export async function accountProfiles(live: LiveSession): Promise<ListedProfile[]> {
  const { results } = await listProfiles(d1(), live.accountId).all<ProfileRow>();
  return listed(live, results);
}

/** A new profile (adults only); 409 once the account has five. */
export async function createProfile(live: LiveSession, body: CreateProfile): Promise<Profile> {
  assertAdult(live);
  let row: ProfileRow | null;
  try {
    row = await insertProfile(d1(), live.accountId, body, nowSeconds()).first<ProfileRow>();
  } catch (e) {
    if (!isLimitError(e)) throw e;
    row = null;
  }
  if (!row) throw new ApiError(409, profileTexts.limit, 'profile_limit');
  return toProfile(row);
}

/** docs/product.md, «How things change»: "Kids availability is fetched at start" — may this account add a kid profile? */
export async function kidsAvailable(live: LiveSession): Promise<boolean> {
  const counts = await profileCounts(d1(), live.accountId).first<Counts>();
  return !live.isKid && (counts?.total ?? MAX_PROFILES) < MAX_PROFILES;
}

/**
 * Moves this browser's session to another profile of the account (the parental PIN may be
 * needed, docs/product.md, «How things change» and «Who may see what»); answers the renewed session, its token and the profile.
 */
export async function switchProfile(
  ip: string,
  live: LiveSession,
  userId: number,
  pin: string | undefined,
): Promise<{ session: SignedIn; answer: TokenAnswer; profile: Profile }> {
  const target = await profileById(live, userId);
  await assertMaySwitchTo(ip, live, target, pin);
  const db = d1();
  const now = nowSeconds();
  const [switched] = await db.batch([
    switchSession(db, live.sessionId, target.id, now),
    forgetPinEntryOnKidSwitch(db, live.sessionId, target.id),
  ]);
  const session = toSignedIn(switched!.results[0] as Record<string, unknown> | undefined);
  // The profile went between the read and the switch (deleted on another device).
  if (!session) throw new ApiError(404, profileTexts.notFound, 'profile_not_found');
  const answer = await tokenAnswer(session, config().jwtSecret, now);
  return { session, answer, profile: target };
}

/** Edits a profile (adults only); the account keeps an adult, the current profile stays adult. */
export async function editProfile(
  live: LiveSession,
  id: number,
  patch: UpdateProfile,
): Promise<Profile> {
  assertAdult(live);
  const [profile, counts] = await profileAndCounts(live, id);
  if (patch.isKid === true && !profile.isKid) {
    if (id === live.userId) throw new ApiError(409, profileTexts.kidCurrent, 'current_profile');
    if (counts.adults <= 1) throw new ApiError(409, profileTexts.lastAdultToKid, 'last_adult');
  }
  const row = await updateProfile(d1(), live.accountId, id, live.userId, patch).first<ProfileRow>();
  // The read allowed it but the guarded write did not: another request changed the account meanwhile.
  if (!row) throw new ApiError(409, profileTexts.lastAdultToKid, 'last_adult');
  return toProfile(row);
}

/** Deletes a profile (adults only): never the current one, never the last adult. */
export async function removeProfile(live: LiveSession, id: number): Promise<void> {
  assertAdult(live);
  const [profile, counts] = await profileAndCounts(live, id);
  if (id === live.userId) throw new ApiError(409, profileTexts.deleteCurrent, 'current_profile');
  if (!profile.isKid && counts.adults <= 1)
    throw new ApiError(409, profileTexts.deleteLastAdult, 'last_adult');
  const db = d1();
  const [sessions, deleted] = await db.batch<{ id: string }>([
    sessionsOfProfile(db, live.accountId, id),
    deleteProfile(db, live.accountId, id, live.userId),
  ]);
  if (deleted!.meta.changes === 0)
    throw new ApiError(409, profileTexts.deleteLastAdult, 'last_adult');
  // Its devices' streams end with its sessions, and its positions waiting in the account's object
  // go (docs/decisions.md, «Progress lives in the account's Durable Object»).
  const now = nowSeconds();
  await Promise.all([
    sessionsEnded(
      sessions!.results.map((s) => ({ sessionId: s.id, accountId: live.accountId })),
      now,
    ),
    forgetPositions(live.accountId, id, null),
  ]).catch((error: unknown) =>
    logger.warn('profiles.removal_notice_failed', { error: String(error) }),
  );
}

/** /settings/profiles in one round trip: the viewer, the account, its profiles. */
export async function profilesPage(
  sessionId: string,
  accountId: number,
): Promise<{
  live: LiveSession;
  account: AccountSummary;
  profiles: ListedProfile[];
  kidsAvailable: boolean;
} | null> {
  const page = await accountPageData(sessionId, accountId, (db, id) => [listProfiles(db, id)]);
  if (!page) return null;
  const profiles = listed(page.live, page.results[0]!.results as unknown as ProfileRow[]);
  return {
    live: page.live,
    account: page.account,
    profiles,
    kidsAvailable: !page.live.isKid && profiles.length < MAX_PROFILES,
  };
}
