import type { Query } from '../../db/run.ts';
import { rows, sql } from '../../db/sql.ts';
import { type ProfileRow, toProfile } from './repo.ts';
import type { Profile } from './schemas.ts';

/**
 * The account's profiles for the header's profile menu, as one statement of a page's batch; for a
 * guest (account 0) it finds nothing.
 */
export function headerProfilesQuery(d: D1Database, accountId: number): Query<Profile[]> {
  return rows(
    d,
    sql`SELECT id, name, is_kid AS isKid, avatar_id AS avatarId, age_limit AS ageLimit
        FROM profiles WHERE account_id = ${accountId} ORDER BY id`,
    (r) => toProfile(r as unknown as ProfileRow),
  );
}
