import type { CodePurpose } from '../../db/accounts-schema.ts';
import { prepare, raw, type Sql, sql } from '../../db/sql.ts';
import type { DeviceFacts, DeviceType } from '../../lib/device.ts';
import { CODE_MAX_ATTEMPTS, CODE_SECONDS, SESSION_SECONDS } from './limits.ts';
import type { NewCredential, SignedIn } from './tokens.ts';

/**
 * SQL of the accounts domain, on the D1 binding (`d1()`). Writes that
 * belong together are one `db.batch()` (one transaction). Writes that depend on a one-time code
 * or token are guarded by `EXISTS (… consumed_by = <this request's nonce>)`, so they commit with
 * the consumption or not at all, and a code used twice at once serves only one request.
 */

export interface AccountRow {
  id: number;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  billingId: string;
}

const ACCOUNT_COLUMNS = 'id, email, phone, password_hash AS passwordHash, billing_id AS billingId';

export type AccountKey = { email: string } | { phone: string } | { id: number };

function accountWhere(key: AccountKey): Sql {
  if ('email' in key) return sql`a.email = ${key.email}`;
  if ('phone' in key) return sql`a.phone = ${key.phone}`;
  return sql`a.id = ${key.id}`;
}

export function findAccount(db: D1Database, key: AccountKey): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT ${raw(ACCOUNT_COLUMNS)} FROM accounts a WHERE ${accountWhere(key)}`,
  );
}

/** A guard: the following writes happen only if this request consumed code `codeId`. */
export interface Guard {
  codeId: number;
  nonce: string;
  /** The table of the one-time row: `auth_codes` unless stated (`tv_codes`: a TV code pairing). */
  table?: 'auth_codes' | 'tv_codes';
}

function guardSql(guard?: Guard): Sql {
  return guard
    ? sql` AND EXISTS (SELECT 1 FROM ${raw(guard.table ?? 'auth_codes')} WHERE id = ${guard.codeId} AND consumed_by = ${guard.nonce})`
    : raw('');
}

// ─── Accounts and profiles ────────────────────────────────────────────────────────────────────

export interface NewAccount {
  email?: string;
  phone?: string;
  passwordHash?: string;
  billingId: string;
}

/**
 * Creates an account. With `ifAbsent` an existing account with the same phone or e-mail is kept
 * as it is (phone sign-in: first use creates, later uses find); without it a duplicate fails the
 * whole batch on the UNIQUE constraint.
 */
export function insertAccount(
  db: D1Database,
  a: NewAccount,
  now: number,
  guard?: Guard,
  ifAbsent = false,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO accounts (email, phone, password_hash, billing_id, created_at, password_changed_at)
       SELECT ${a.email}, ${a.phone}, ${a.passwordHash}, ${a.billingId}, ${now}, ${a.passwordHash ? now : null}
       WHERE 1${guardSql(guard)}${raw(ifAbsent ? ' ON CONFLICT DO NOTHING' : '')}`,
  );
}

/** Gives an account its first adult profile if it has none (idempotent; the trigger caps at 5). */
export function ensureFirstProfile(
  db: D1Database,
  key: AccountKey,
  name: string,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO profiles (account_id, name, is_kid, created_at)
       SELECT a.id, ${name}, 0, ${now} FROM accounts a
       WHERE ${accountWhere(key)} AND NOT EXISTS (SELECT 1 FROM profiles u WHERE u.account_id = a.id)${guardSql(guard)}`,
  );
}

/** The account's public view (GET /auth/account/). */
export function accountView(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT id, email, phone, password_hash IS NOT NULL AS hasPassword, billing_id AS billingId, created_at AS createdAt FROM accounts WHERE id = ${accountId}`,
  );
}

export function setPassword(
  db: D1Database,
  accountId: number,
  passwordHash: string,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE accounts SET password_hash = ${passwordHash}, password_changed_at = ${now} WHERE id = ${accountId}${guardSql(guard)}`,
  );
}

/** Replaces the account's e-mail or phone; a duplicate fails the batch on the UNIQUE constraint. */
export function setContact(
  db: D1Database,
  accountId: number,
  contact: { email: string } | { phone: string },
  guard?: Guard,
): D1PreparedStatement {
  const set = 'email' in contact ? sql`email = ${contact.email}` : sql`phone = ${contact.phone}`;
  return prepare(db, sql`UPDATE accounts SET ${set} WHERE id = ${accountId}${guardSql(guard)}`);
}

// ─── Sessions ─────────────────────────────────────────────────────────────────────────────────

const SIGNED_IN_RETURNING = `RETURNING id AS sessionId, token_hash AS tokenHash, account_id AS accountId, user_id AS userId,
  (SELECT billing_id FROM accounts WHERE accounts.id = sessions.account_id) AS billingId,
  (SELECT is_kid FROM profiles WHERE profiles.id = sessions.user_id) AS isKid`;

/** Opens a device session on the account's first adult profile (or its first profile). */
export function insertSession(
  db: D1Database,
  key: AccountKey,
  cred: NewCredential,
  device: DeviceFacts,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO sessions (id, account_id, user_id, secret_hash, token_hash, device_id, device_type, device_name, country, created_at, last_seen_at, expires_at)
       SELECT ${cred.id}, a.id, u.id, ${cred.secretHash}, ${cred.tokenHash}, ${device.deviceId}, ${device.type}, ${device.name.slice(0, 100)}, ${device.country}, ${now}, ${now}, ${now + SESSION_SECONDS}
       FROM accounts a JOIN profiles u ON u.account_id = a.id
       WHERE ${accountWhere(key)}${guardSql(guard)} ORDER BY u.is_kid, u.id LIMIT 1
       ${raw(SIGNED_IN_RETURNING)}`,
  );
}

/** The row a session statement returned, as the API uses it. */
export function toSignedIn(row: Record<string, unknown> | undefined | null): SignedIn | null {
  if (!row) return null;
  return {
    sessionId: String(row.sessionId),
    tokenHash: String(row.tokenHash),
    accountId: Number(row.accountId),
    userId: Number(row.userId),
    billingId: String(row.billingId),
    isKid: row.isKid === 1 || row.isKid === true,
  };
}

/**
 * Marks a live session as seen now and answers it; null when it is unknown, revoked or expired.
 * With `secretHash` the caller proves the HttpOnly credential; without it, the caller holds a
 * verified token of that session.
 */
export function touchSession(
  db: D1Database,
  id: string,
  secretHash: string | null,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE sessions SET last_seen_at = ${now}
       WHERE id = ${id} AND (${secretHash} IS NULL OR secret_hash = ${secretHash}) AND revoked_at IS NULL AND expires_at > ${now}
       ${raw(SIGNED_IN_RETURNING)}`,
  );
}

/** A live session, read only (endpoints acting on the account check this before they act). */
export function liveSession(db: D1Database, id: string, now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT s.id AS sessionId, s.token_hash AS tokenHash, s.account_id AS accountId, s.user_id AS userId, a.billing_id AS billingId, u.is_kid AS isKid
       FROM sessions s JOIN accounts a ON a.id = s.account_id JOIN profiles u ON u.id = s.user_id
       WHERE s.id = ${id} AND s.revoked_at IS NULL AND s.expires_at > ${now}`,
  );
}

export interface SessionListItem {
  id: string;
  deviceType: DeviceType;
  deviceName: string;
  country: string;
  createdAt: number;
  lastSeenAt: number;
}

export function listSessions(db: D1Database, accountId: number, now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT id, device_type AS deviceType, device_name AS deviceName, country, created_at AS createdAt, last_seen_at AS lastSeenAt
       FROM sessions WHERE account_id = ${accountId} AND revoked_at IS NULL AND expires_at > ${now} ORDER BY last_seen_at DESC, id`,
  );
}

/**
 * What every revoking statement answers: the sessions it ended, for their account's object to
 * stop their streams (revoked.ts). Names of their own, so a batch's other rows are not taken for them.
 */
export const REVOKED_RETURNING = 'RETURNING id AS "revokedSession", account_id AS "revokedAccount"';

/** Ends one session of the account (0 changes: not its session, or already ended). */
export function revokeSession(
  db: D1Database,
  accountId: number,
  id: string,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE sessions SET revoked_at = ${now} WHERE id = ${id} AND account_id = ${accountId} AND revoked_at IS NULL AND expires_at > ${now}
       ${raw(REVOKED_RETURNING)}`,
  );
}

/** Ends a session on the strength of its credential (logout without a token, sign-in over an old session). */
export function revokeByCredential(
  db: D1Database,
  id: string,
  secretHash: string,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE sessions SET revoked_at = ${now} WHERE id = ${id} AND secret_hash = ${secretHash} AND revoked_at IS NULL
       ${raw(REVOKED_RETURNING)}`,
  );
}

/** Ends a session whose verified access token names it (logout). */
export function revokeById(db: D1Database, id: string, now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE sessions SET revoked_at = ${now} WHERE id = ${id} AND revoked_at IS NULL
       ${raw(REVOKED_RETURNING)}`,
  );
}

/** Ends every live session of the account except `keepId` (null: all of them). */
export function revokeAccountSessions(
  db: D1Database,
  accountId: number,
  keepId: string | null,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE sessions SET revoked_at = ${now}
       WHERE account_id = ${accountId} AND revoked_at IS NULL AND (${keepId} IS NULL OR id != ${keepId})${guardSql(guard)}
       ${raw(REVOKED_RETURNING)}`,
  );
}

// ─── One-time codes and password tokens ───────────────────────────────────────────────────────

/** A new code for (target, purpose); earlier unused ones stop working. */
export function issueCode(
  db: D1Database,
  target: string,
  purpose: CodePurpose,
  codeHash: string,
  now: number,
): D1PreparedStatement[] {
  return [
    prepare(
      db,
      sql`UPDATE auth_codes SET consumed_at = ${now} WHERE target = ${target} AND purpose = ${purpose} AND consumed_at IS NULL`,
    ),
    prepare(
      db,
      sql`INSERT INTO auth_codes (target, purpose, code_hash, expires_at, created_at) VALUES (${target}, ${purpose}, ${codeHash}, ${now + CODE_SECONDS}, ${now})`,
    ),
  ];
}

export interface CodeAttempt {
  /** Set when an attempt was counted: the code to compare with. */
  counted: { id: number; codeHash: string; attempts: number } | null;
  /** The newest code of the target, after counting: why an attempt was not counted. */
  latest: { expiresAt: number; attempts: number; consumedAt: number | null } | null;
}

/**
 * Counts one attempt on the newest unused, unexpired code with tries left, and reads the newest
 * code either way; one round trip. The caller compares the digest.
 */
export async function attemptCode(
  db: D1Database,
  target: string,
  purpose: CodePurpose,
  now: number,
): Promise<CodeAttempt> {
  const newest = sql`SELECT max(id) FROM auth_codes WHERE target = ${target} AND purpose = ${purpose}`;
  const [counted, latest] = await db.batch<Record<string, unknown>>([
    prepare(
      db,
      sql`UPDATE auth_codes SET attempts = attempts + 1
         WHERE id = (${newest}) AND consumed_at IS NULL AND expires_at > ${now} AND attempts < ${CODE_MAX_ATTEMPTS}
         RETURNING id, code_hash AS codeHash, attempts`,
    ),
    prepare(
      db,
      sql`SELECT expires_at AS expiresAt, attempts, consumed_at AS consumedAt FROM auth_codes WHERE id = (${newest})`,
    ),
  ]);
  const c = counted?.results[0];
  const l = latest?.results[0];
  return {
    counted: c
      ? { id: Number(c.id), codeHash: String(c.codeHash), attempts: Number(c.attempts) }
      : null,
    latest: l
      ? {
          expiresAt: Number(l.expiresAt),
          attempts: Number(l.attempts),
          consumedAt: l.consumedAt == null ? null : Number(l.consumedAt),
        }
      : null,
  };
}

/** Consumes code `guard.codeId` for this request; the batch's guarded writes depend on it. */
export function consumeCode(db: D1Database, guard: Guard, now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE auth_codes SET consumed_at = ${now}, consumed_by = ${guard.nonce} WHERE id = ${guard.codeId} AND consumed_at IS NULL AND expires_at > ${now}`,
  );
}

/** Stores a one-time password-change token (its digest) for the account. */
export function insertPasswordToken(
  db: D1Database,
  accountId: number,
  tokenHash: string,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO auth_codes (target, purpose, code_hash, expires_at, created_at)
       SELECT ${String(accountId)}, 'password_token', ${tokenHash}, ${now + CODE_SECONDS}, ${now} WHERE 1${guardSql(guard)}`,
  );
}

/** The usable password token with this digest, and its account. */
export function findPasswordToken(
  db: D1Database,
  tokenHash: string,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT c.id AS codeId, ${raw(
      ACCOUNT_COLUMNS.split(', ')
        .map((col) => `a.${col}`)
        .join(', '),
    )}
       FROM auth_codes c JOIN accounts a ON a.id = CAST(c.target AS INTEGER)
       WHERE c.purpose = 'password_token' AND c.code_hash = ${tokenHash} AND c.consumed_at IS NULL AND c.expires_at > ${now}`,
  );
}

/** Deletes what no request can use any more: ended windows, old codes, long-dead sessions. */
export function purgeExpired(db: D1Database, now: number): D1PreparedStatement[] {
  const sessionsEnded = now - 30 * 86_400;
  return [
    prepare(db, sql`DELETE FROM rate_limits WHERE reset_at < ${now - 86_400}`),
    prepare(db, sql`DELETE FROM auth_codes WHERE expires_at < ${now - 86_400}`),
    prepare(
      db,
      sql`DELETE FROM sessions WHERE expires_at < ${sessionsEnded} OR revoked_at < ${sessionsEnded}`,
    ),
  ];
}

/** How many profiles and live device sessions the account has (the /settings overview). */
export function accountCounts(db: D1Database, accountId: number): D1PreparedStatement[] {
  return [
    prepare(db, sql`SELECT count(*) AS n FROM profiles WHERE account_id = ${accountId}`),
    prepare(
      db,
      sql`SELECT count(*) AS n FROM sessions WHERE account_id = ${accountId} AND revoked_at IS NULL AND expires_at > unixepoch()`,
    ),
  ];
}
