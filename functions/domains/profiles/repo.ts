/**
 * D1 statements of the profiles API (`profiles`, migration 0003 as renamed by 0010: at most 5 per account). Raw D1
 * like the accounts repo: the writes are guarded statements whose WHERE re-checks the rule, so two
 * racing requests cannot both pass a check made in a read before them.
 */
import { prepare, raw, sql } from '../../db/sql.ts';
import { MAX_PROFILES } from '../../shared/constants.ts';
import { avatarOf } from './avatars.ts';
import type { Profile } from './schemas.ts';

export interface ProfileRow {
  id: number;
  name: string;
  isKid: number;
  avatarId: number | null;
  ageLimit: number | null;
}

/** Kid profiles see content up to 6+ (functions/lib/cms-cache.ts); their age setting says so. */
const KID_AGE_LIMIT = 6;

const COLUMNS = 'id, name, is_kid AS isKid, avatar_id AS avatarId, age_limit AS ageLimit';

export function toProfile(row: ProfileRow): Profile {
  const isKid = row.isKid === 1;
  return {
    id: row.id,
    name: row.name,
    isKid,
    avatar: avatarOf(row.avatarId, isKid),
    ageLimit: row.ageLimit,
  };
}

/** The account's profiles in the order they were made. */
export function listProfiles(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT ${raw(COLUMNS)} FROM profiles WHERE account_id = ${accountId} ORDER BY id`,
  );
}

/** One profile of the account; another account's id finds nothing (a 404, like an unknown one). */
export function findProfile(db: D1Database, accountId: number, id: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT ${raw(COLUMNS)} FROM profiles WHERE id = ${id} AND account_id = ${accountId}`,
  );
}

/** How many profiles the account has, and how many of them are adults. */
export function profileCounts(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT count(*) AS total, coalesce(sum(is_kid = 0), 0) AS adults FROM profiles WHERE account_id = ${accountId}`,
  );
}

/**
 * Creates a profile unless the account already has five (nothing returned then; the
 * `profiles_at_most_five` trigger is the second line). Without an avatar the kind's avatars are
 * handed out in turn.
 */
export function insertProfile(
  db: D1Database,
  accountId: number,
  p: { name: string; isKid: boolean; avatarId?: number },
  now: number,
): D1PreparedStatement {
  const count = sql`(SELECT count(*) FROM profiles WHERE account_id = ${accountId})`;
  return prepare(
    db,
    sql`INSERT INTO profiles (account_id, name, is_kid, avatar_id, age_limit, created_at)
       SELECT ${accountId}, ${p.name}, ${p.isKid ? 1 : 0}, coalesce(${p.avatarId}, ${p.isKid ? 9 : 1} + ${count} % 8),
         ${p.isKid ? KID_AGE_LIMIT : null}, ${now}
       WHERE ${count} < ${MAX_PROFILES}
       RETURNING ${raw(COLUMNS)}`,
  );
}

/**
 * Renames, changes the avatar or the kind of a profile. Turning it into a kid profile is refused
 * in SQL too when it is the session's current profile or the account's last adult.
 */
export function updateProfile(
  db: D1Database,
  accountId: number,
  id: number,
  currentUserId: number,
  patch: { name?: string; isKid?: boolean; avatarId?: number },
): D1PreparedStatement {
  const kid = patch.isKid === undefined ? null : patch.isKid ? 1 : 0;
  return prepare(
    db,
    sql`UPDATE profiles SET name = coalesce(${patch.name ?? null}, name), avatar_id = coalesce(${patch.avatarId ?? null}, avatar_id), is_kid = coalesce(${kid}, is_kid),
         age_limit = CASE WHEN ${kid} IS NULL OR ${kid} = is_kid THEN age_limit WHEN ${kid} = 1 THEN ${KID_AGE_LIMIT} ELSE NULL END
       WHERE id = ${id} AND account_id = ${accountId}
         AND (coalesce(${kid}, 0) = 0 OR is_kid = 1
              OR (id != ${currentUserId} AND (SELECT count(*) FROM profiles o WHERE o.account_id = ${accountId} AND o.is_kid = 0 AND o.id != ${id}) > 0))
       RETURNING ${raw(COLUMNS)}`,
  );
}

/**
 * Deletes a profile that is neither the session's current one nor the account's last adult. The
 * device sessions on it go with it (sessions.user_id ON DELETE CASCADE): those devices sign in again.
 */
/** The sessions signed in as a profile, which its deletion ends with it (sessions.user_id cascades). */
export function sessionsOfProfile(db: D1Database, accountId: number, id: number) {
  return prepare(
    db,
    sql`SELECT id FROM sessions WHERE user_id = ${id} AND account_id = ${accountId} AND revoked_at IS NULL`,
  );
}

export function deleteProfile(
  db: D1Database,
  accountId: number,
  id: number,
  currentUserId: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`DELETE FROM profiles WHERE id = ${id} AND account_id = ${accountId} AND id != ${currentUserId}
         AND (is_kid = 1 OR (SELECT count(*) FROM profiles o WHERE o.account_id = ${accountId} AND o.is_kid = 0 AND o.id != ${id}) > 0)`,
  );
}

/**
 * Moves a live device session to another profile of its account, in one statement, and answers
 * the session as a token is issued for it; nothing when the session is over or the profile is
 * not the account's.
 */
export function switchSession(
  db: D1Database,
  sessionId: string,
  userId: number,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE sessions SET user_id = ${userId}, last_seen_at = ${now}
       WHERE id = ${sessionId} AND revoked_at IS NULL AND expires_at > ${now}
         AND EXISTS (SELECT 1 FROM profiles u WHERE u.id = ${userId} AND u.account_id = sessions.account_id)
       RETURNING id AS sessionId, token_hash AS tokenHash, account_id AS accountId, user_id AS userId,
         (SELECT billing_id FROM accounts WHERE accounts.id = sessions.account_id) AS billingId,
         (SELECT is_kid FROM profiles WHERE profiles.id = sessions.user_id) AS isKid`,
  );
}

/**
 * Ends this session's PIN entry when it has just gone to a kid profile: a parent who entered the
 * PIN and handed the device over must not leave the kid four hours of PIN-free switching back.
 */
export function forgetPinEntryOnKidSwitch(
  db: D1Database,
  sessionId: string,
  userId: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE parental_sessions SET pin_until = 0 WHERE session_id = ${sessionId} AND EXISTS (SELECT 1 FROM profiles WHERE id = ${userId} AND is_kid = 1)`,
  );
}
