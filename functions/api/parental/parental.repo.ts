import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions } from '../../db/accounts-schema.ts';
import type { Db } from '../../db/client.ts';
import {
  type ParentalAgeLimit,
  type ParentalStatus,
  parentalControls,
  parentalSessions,
} from '../../db/parental-schema.ts';
import type { Guard } from '../auth/auth.repo.ts';

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
  return db
    .prepare(
      `SELECT coalesce(p.status, 'Undefined') AS status, p.pin_hash AS pinHash, coalesce(p.age_limit, 18) AS ageLimit,
         coalesce(s.pin_until > ?3, 0) AS entered, coalesce(s.verified_until > ?3, 0) AS verified
       FROM (SELECT ?1 AS account_id) a
       LEFT JOIN parental_controls p ON p.account_id = a.account_id
       LEFT JOIN parental_sessions s ON s.session_id = ?2 AND s.account_id = a.account_id`,
    )
    .bind(accountId, sessionId, now);
}

/** What a page tells its scripts about parental control (no PIN hash): status, age, entry. */
export interface ParentalSnapshot {
  status: ParentalStatus;
  ageLimit: number;
  pinEntered: boolean;
}

/**
 * The account's status, age setting and this session's entry, as a drizzle query a page can
 * batch with its layout's queries (one round trip). Only for a live session: a revoked or expired
 * one finds no row, and the client asks the API, which answers it 401 (spec section 8).
 */
export function parentalSnapshotQuery(d: Db, accountId: number, sessionId: string, now: number) {
  return d
    .select({
      status: parentalControls.status,
      ageLimit: parentalControls.ageLimit,
      pinUntil: parentalSessions.pinUntil,
    })
    .from(sessions)
    .leftJoin(parentalControls, eq(parentalControls.accountId, sessions.accountId))
    .leftJoin(
      parentalSessions,
      and(
        eq(parentalSessions.sessionId, sessions.id),
        eq(parentalSessions.accountId, sessions.accountId),
      ),
    )
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
}

/** The snapshot of a live session's row (no control yet: Undefined, 18+); null without a row. */
export function toParentalSnapshot(
  row:
    | { status: ParentalStatus | null; ageLimit: number | null; pinUntil: number | null }
    | undefined,
  now: number,
): ParentalSnapshot | null {
  if (!row) return null;
  return {
    status: row.status ?? 'Undefined',
    ageLimit: row.ageLimit ?? 18,
    pinEntered: (row.pinUntil ?? 0) > now,
  };
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
  return db
    .prepare(
      `INSERT INTO parental_controls (account_id, status, pin_hash, updated_at) VALUES (?1, 'Enabled', ?2, ?3)
       ON CONFLICT (account_id) DO UPDATE SET status = 'Enabled', pin_hash = excluded.pin_hash, updated_at = excluded.updated_at
       WHERE parental_controls.pin_hash IS NULL`,
    )
    .bind(accountId, pinHash, now);
}

/** Replaces the PIN of an Enabled account (change, reset); guarded by a consumed code on reset. */
export function replacePin(
  db: D1Database,
  accountId: number,
  pinHash: string,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  const g = guard
    ? ' AND EXISTS (SELECT 1 FROM auth_codes WHERE id = ?4 AND consumed_by = ?5)'
    : '';
  return db
    .prepare(
      `UPDATE parental_controls SET pin_hash = ?2, updated_at = ?3 WHERE account_id = ?1 AND status = 'Enabled'${g}`,
    )
    .bind(accountId, pinHash, now, ...(guard ? [guard.codeId, guard.nonce] : []));
}

/** Disabled: the PIN is forgotten (enabling again means setting a new one). */
export function disableControl(
  db: D1Database,
  accountId: number,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO parental_controls (account_id, status, pin_hash, updated_at) VALUES (?1, 'Disabled', NULL, ?2)
       ON CONFLICT (account_id) DO UPDATE SET status = 'Disabled', pin_hash = NULL, updated_at = excluded.updated_at`,
    )
    .bind(accountId, now);
}

export function setAgeLimit(
  db: D1Database,
  accountId: number,
  ageLimit: ParentalAgeLimit,
  now: number,
): D1PreparedStatement {
  return db
    .prepare('UPDATE parental_controls SET age_limit = ?2, updated_at = ?3 WHERE account_id = ?1')
    .bind(accountId, ageLimit, now);
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
  const [g, gp] = conditionSql(when, 4);
  return db
    .prepare(
      `INSERT INTO parental_sessions (session_id, account_id, pin_until) SELECT ?1, ?2, ?3 WHERE 1${g}
       ON CONFLICT (session_id) DO UPDATE SET pin_until = excluded.pin_until`,
    )
    .bind(sessionId, accountId, until, ...gp);
}

function conditionSql(
  when: { guard: Guard } | { pinHash: string } | undefined,
  first: number,
): [string, (string | number)[]] {
  if (!when) return ['', []];
  if ('guard' in when)
    return [
      ` AND EXISTS (SELECT 1 FROM auth_codes WHERE id = ?${first} AND consumed_by = ?${first + 1})`,
      [when.guard.codeId, when.guard.nonce],
    ];
  return [
    ` AND EXISTS (SELECT 1 FROM parental_controls WHERE account_id = ?2 AND pin_hash = ?${first})`,
    [when.pinHash],
  ];
}

/** Marks this session as having checked a verification code, guarded by that code's consumption. */
export function markVerified(
  db: D1Database,
  sessionId: string,
  accountId: number,
  until: number,
  guard: Guard,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO parental_sessions (session_id, account_id, verified_until)
       SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM auth_codes WHERE id = ?4 AND consumed_by = ?5)
       ON CONFLICT (session_id) DO UPDATE SET verified_until = excluded.verified_until`,
    )
    .bind(sessionId, accountId, until, guard.codeId, guard.nonce);
}

/** Ends the PIN entries (and verifications) of the account's sessions except `keepId`'s; after a PIN change. */
export function forgetOtherEntries(
  db: D1Database,
  accountId: number,
  keepId: string | null,
  guard?: Guard,
): D1PreparedStatement {
  const [g, gp] = conditionSql(guard && { guard }, 3);
  return db
    .prepare(
      `UPDATE parental_sessions SET pin_until = 0, verified_until = 0 WHERE account_id = ?1 AND (?2 IS NULL OR session_id != ?2)${g}`,
    )
    .bind(accountId, keepId, ...gp);
}

/** Lifts the PIN lock, after a reset whose code this request consumed. */
export function liftLock(db: D1Database, key: string, guard: Guard): D1PreparedStatement {
  return db
    .prepare(
      'DELETE FROM rate_limits WHERE key = ?1 AND EXISTS (SELECT 1 FROM auth_codes WHERE id = ?2 AND consumed_by = ?3)',
    )
    .bind(key, guard.codeId, guard.nonce);
}

/** The account's e-mail and phone: where verification codes go. */
export function accountAddresses(db: D1Database, accountId: number): D1PreparedStatement {
  return db.prepare('SELECT email, phone FROM accounts WHERE id = ?').bind(accountId);
}
