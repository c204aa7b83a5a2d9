import type { ParentalAgeLimit, ParentalStatus } from '../../db/parental-schema.ts';
import type { Query } from '../../db/run.ts';
import { firstRow, prepare, raw, type Sql, sql } from '../../db/sql.ts';
import type { Guard } from '../auth/index.ts';

/**
 * SQL of parental control, on the D1 binding. The account's row holds the status, the PIN hash
 * and the age setting (no row: Undefined); `parental_sessions` holds each device session's PIN
 * entry and fresh verification. Writes after a one-time code are guarded like the accounts ones.
 */

export interface ControlRow {
  status: ParentalStatus;
  pinHash: string | null;
  ageLimit: ParentalAgeLimit;
  /** This session entered the PIN and the entry has not expired. */
  entered: boolean;
  /** This session checked a verification code recently. */
  verified: boolean;
}

/** The account's control and this session's marks; always one row (Undefined without a record). */
export function readControl(
  db: D1Database,
  accountId: number,
  sessionId: string,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT coalesce(p.status, 'Undefined') AS status, p.pin_hash AS pinHash, coalesce(p.age_limit, 18) AS ageLimit,
         coalesce(s.pin_until > ${now}, 0) AS entered, coalesce(s.verified_until > ${now}, 0) AS verified
       FROM (SELECT ${accountId} AS account_id) a
       LEFT JOIN parental_controls p ON p.account_id = a.account_id
       LEFT JOIN parental_sessions s ON s.session_id = ${sessionId} AND s.account_id = a.account_id`,
  );
}

export function toControl(row: Record<string, unknown> | null | undefined): ControlRow {
  return {
    status: (row?.status as ParentalStatus | undefined) ?? 'Undefined',
    pinHash: (row?.pinHash as string | null | undefined) ?? null,
    ageLimit: (Number(row?.ageLimit ?? 18) as ParentalAgeLimit) ?? 18,
    entered: row?.entered === 1,
    verified: row?.verified === 1,
  };
}

/** Sets the first PIN and Enabled, only while the account has none (0 changes: it has one). */
export function setFirstPin(
  db: D1Database,
  accountId: number,
  pinHash: string,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO parental_controls (account_id, status, pin_hash, updated_at) VALUES (${accountId}, 'Enabled', ${pinHash}, ${now})
       ON CONFLICT (account_id) DO UPDATE SET status = 'Enabled', pin_hash = excluded.pin_hash, updated_at = excluded.updated_at
       WHERE parental_controls.pin_hash IS NULL`,
  );
}

/** Replaces the PIN of an Enabled account (change, reset); guarded by a consumed code on reset. */
export function replacePin(
  db: D1Database,
  accountId: number,
  pinHash: string,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE parental_controls SET pin_hash = ${pinHash}, updated_at = ${now}
       WHERE account_id = ${accountId} AND status = 'Enabled'${conditionSql(guard && { guard }, accountId)}`,
  );
}

/** Disabled: the PIN is forgotten (enabling again means setting a new one). */
export function disableControl(
  db: D1Database,
  accountId: number,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO parental_controls (account_id, status, pin_hash, updated_at) VALUES (${accountId}, 'Disabled', NULL, ${now})
       ON CONFLICT (account_id) DO UPDATE SET status = 'Disabled', pin_hash = NULL, updated_at = excluded.updated_at`,
  );
}

export function setAgeLimit(
  db: D1Database,
  accountId: number,
  ageLimit: ParentalAgeLimit,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE parental_controls SET age_limit = ${ageLimit}, updated_at = ${now} WHERE account_id = ${accountId}`,
  );
}

/**
 * Marks this session's PIN as entered until `until` (0 forgets it). With a condition the mark is
 * written only if this request's write took effect: its code was consumed (`guard`), or the row
 * holds exactly the hash it wrote (`pinHash`, salted, so no other request's).
 */
export function markEntered(
  db: D1Database,
  sessionId: string,
  accountId: number,
  until: number,
  when?: { guard: Guard } | { pinHash: string },
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO parental_sessions (session_id, account_id, pin_until)
       SELECT ${sessionId}, ${accountId}, ${until} WHERE 1${conditionSql(when, accountId)}
       ON CONFLICT (session_id) DO UPDATE SET pin_until = excluded.pin_until`,
  );
}

/** The condition of a guarded write: this request consumed the code, or the PIN is the account's. */
function conditionSql(
  when: { guard: Guard } | { pinHash: string } | undefined,
  accountId: number,
): Sql {
  if (!when) return raw('');
  if ('guard' in when)
    return sql` AND EXISTS (SELECT 1 FROM auth_codes WHERE id = ${when.guard.codeId} AND consumed_by = ${when.guard.nonce})`;
  return sql` AND EXISTS (SELECT 1 FROM parental_controls WHERE account_id = ${accountId} AND pin_hash = ${when.pinHash})`;
}

/** Marks this session as having checked a verification code, guarded by that code's consumption. */
export function markVerified(
  db: D1Database,
  sessionId: string,
  accountId: number,
  until: number,
  guard: Guard,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO parental_sessions (session_id, account_id, verified_until)
       SELECT ${sessionId}, ${accountId}, ${until} WHERE EXISTS (SELECT 1 FROM auth_codes WHERE id = ${guard.codeId} AND consumed_by = ${guard.nonce})
       ON CONFLICT (session_id) DO UPDATE SET verified_until = excluded.verified_until`,
  );
}

/** Ends the PIN entries (and verifications) of the account's sessions except `keepId`'s; after a PIN change. */
export function forgetOtherEntries(
  db: D1Database,
  accountId: number,
  keepId: string | null,
  guard?: Guard,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE parental_sessions SET pin_until = 0, verified_until = 0
       WHERE account_id = ${accountId} AND (${keepId} IS NULL OR session_id != ${keepId})${conditionSql(guard && { guard }, accountId)}`,
  );
}

/** Lifts the PIN lock, after a reset whose code this request consumed. */
export function liftLock(db: D1Database, key: string, guard: Guard): D1PreparedStatement {
  return prepare(
    db,
    sql`DELETE FROM rate_limits WHERE key = ${key} AND EXISTS (SELECT 1 FROM auth_codes WHERE id = ${guard.codeId} AND consumed_by = ${guard.nonce})`,
  );
}

/** The account's e-mail and phone: where verification codes go. */
export function accountAddresses(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(db, sql`SELECT email, phone FROM accounts WHERE id = ${accountId}`);
}

/** A live session's parental row: the account's control and this session's PIN entry. */
export interface SnapshotRow {
  status: ParentalStatus | null;
  ageLimit: number | null;
  pinUntil: number | null;
}

/**
 * The account's status, age setting and this session's entry, as a statement a page can batch
 * with its layout's (one round trip). Only for a live session: a revoked or expired one finds no
 * row, and the client asks the API, which answers it 401 (docs/product.md, «How things change»).
 */
export function parentalSnapshotQuery(
  d: D1Database,
  accountId: number,
  sessionId: string,
  now: number,
): Query<SnapshotRow | undefined> {
  return firstRow<SnapshotRow>(
    d,
    sql`SELECT c.status AS "status", c.age_limit AS "ageLimit", p.pin_until AS "pinUntil"
        FROM sessions s
        LEFT JOIN parental_controls c ON c.account_id = s.account_id
        LEFT JOIN parental_sessions p ON p.session_id = s.id AND p.account_id = s.account_id
        WHERE s.id = ${sessionId} AND s.account_id = ${accountId}
          AND s.revoked_at IS NULL AND s.expires_at > ${now}
        LIMIT 1`,
  );
}
