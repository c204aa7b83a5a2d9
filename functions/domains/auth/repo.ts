import type { CodePurpose } from '../../db/accounts-schema.ts';
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

function accountWhere(key: AccountKey): [string, string | number] {
  if ('email' in key) return ['a.email = ?', key.email];
  if ('phone' in key) return ['a.phone = ?', key.phone];
  return ['a.id = ?', key.id];
}

export function findAccount(db: D1Database, key: AccountKey): D1PreparedStatement {
  const [where, value] = accountWhere(key);
  return db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE ${where}`).bind(value);
}

/** A guard: the following writes happen only if this request consumed code `codeId`. */
export interface Guard {
  codeId: number;
  nonce: string;
  /** The table of the one-time row: `auth_codes` unless stated (`tv_codes`: a TV code pairing). */
  table?: 'auth_codes' | 'tv_codes';
}

function guardSql(guard?: Guard): [string, (string | number)[]] {
  return guard
    ? [
        ` AND EXISTS (SELECT 1 FROM ${guard.table ?? 'auth_codes'} WHERE id = ? AND consumed_by = ?)`,
        [guard.codeId, guard.nonce],
      ]
    : ['', []];
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
  const [g, gp] = guardSql(guard);
  return db
    .prepare(
      `INSERT INTO accounts (email, phone, password_hash, billing_id, created_at, password_changed_at)
       SELECT ?, ?, ?, ?, ?, ? WHERE 1${g}${ifAbsent ? ' ON CONFLICT DO NOTHING' : ''}`,
    )
    .bind(
      a.email ?? null,
      a.phone ?? null,
      a.passwordHash ?? null,
      a.billingId,
      now,
      a.passwordHash ? now : null,
      ...gp,
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
  const [where, value] = accountWhere(key);
  const [g, gp] = guardSql(guard);
  return db
    .prepare(
      `INSERT INTO profiles (account_id, name, is_kid, created_at)
       SELECT a.id, ?, 0, ? FROM accounts a
       WHERE ${where} AND NOT EXISTS (SELECT 1 FROM profiles u WHERE u.account_id = a.id)${g}`,
    )
    .bind(name, now, value, ...gp);
}

/** The account's public view (GET /auth/account/). */
export function accountView(db: D1Database, accountId: number): D1PreparedStatement {
  return db
    .prepare(
      'SELECT id, email, phone, password_hash IS NOT NULL AS hasPassword, billing_id AS billingId, created_at AS createdAt FROM accounts WHERE id = ?',
    )
    .bind(accountId);
}

export function setPassword(
  db: D1Database,
  accountId: number,
  passwordHash: string,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  const [g, gp] = guardSql(guard);
  return db
    .prepare(`UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE id = ?${g}`)
    .bind(passwordHash, now, accountId, ...gp);
}

/** Replaces the account's e-mail or phone; a duplicate fails the batch on the UNIQUE constraint. */
export function setContact(
  db: D1Database,
  accountId: number,
  contact: { email: string } | { phone: string },
  guard?: Guard,
): D1PreparedStatement {
  const [g, gp] = guardSql(guard);
  const [column, value] = 'email' in contact ? ['email', contact.email] : ['phone', contact.phone];
  return db
    .prepare(`UPDATE accounts SET ${column} = ? WHERE id = ?${g}`)
    .bind(value, accountId, ...gp);
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
  const [where, value] = accountWhere(key);
  const [g, gp] = guardSql(guard);
  return db
    .prepare(
      `INSERT INTO sessions (id, account_id, user_id, secret_hash, token_hash, device_id, device_type, device_name, country, created_at, last_seen_at, expires_at)
       SELECT ?, a.id, u.id, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM accounts a JOIN profiles u ON u.account_id = a.id
       WHERE ${where}${g} ORDER BY u.is_kid, u.id LIMIT 1
       ${SIGNED_IN_RETURNING}`,
    )
    .bind(
      cred.id,
      cred.secretHash,
      cred.tokenHash,
      device.deviceId,
      device.type,
      device.name.slice(0, 100),
      device.country,
      now,
      now,
      now + SESSION_SECONDS,
      value,
      ...gp,
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
  return db
    .prepare(
      `UPDATE sessions SET last_seen_at = ?1
       WHERE id = ?2 AND (?3 IS NULL OR secret_hash = ?3) AND revoked_at IS NULL AND expires_at > ?1
       ${SIGNED_IN_RETURNING}`,
    )
    .bind(now, id, secretHash);
}

/** A live session, read only (endpoints acting on the account check this before they act). */
export function liveSession(db: D1Database, id: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT s.id AS sessionId, s.token_hash AS tokenHash, s.account_id AS accountId, s.user_id AS userId, a.billing_id AS billingId, u.is_kid AS isKid
       FROM sessions s JOIN accounts a ON a.id = s.account_id JOIN profiles u ON u.id = s.user_id
       WHERE s.id = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    )
    .bind(id, now);
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
  return db
    .prepare(
      `SELECT id, device_type AS deviceType, device_name AS deviceName, country, created_at AS createdAt, last_seen_at AS lastSeenAt
       FROM sessions WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY last_seen_at DESC, id`,
    )
    .bind(accountId, now);
}

/** Ends one session of the account (0 changes: not its session, or already ended). */
export function revokeSession(
  db: D1Database,
  accountId: number,
  id: string,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE sessions SET revoked_at = ?1 WHERE id = ?2 AND account_id = ?3 AND revoked_at IS NULL AND expires_at > ?1',
    )
    .bind(now, id, accountId);
}

/** Ends a session on the strength of its credential (logout without a token, sign-in over an old session). */
export function revokeByCredential(
  db: D1Database,
  id: string,
  secretHash: string,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE sessions SET revoked_at = ? WHERE id = ? AND secret_hash = ? AND revoked_at IS NULL',
    )
    .bind(now, id, secretHash);
}

/** Ends a session whose verified access token names it (logout). */
export function revokeById(db: D1Database, id: string, now: number): D1PreparedStatement {
  return db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
    .bind(now, id);
}

/** Ends every live session of the account except `keepId` (null: all of them). */
export function revokeAccountSessions(
  db: D1Database,
  accountId: number,
  keepId: string | null,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  const [g, gp] = guardSql(guard);
  return db
    .prepare(
      `UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL AND (? IS NULL OR id != ?)${g}`,
    )
    .bind(now, accountId, keepId, keepId, ...gp);
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
    db
      .prepare(
        'UPDATE auth_codes SET consumed_at = ? WHERE target = ? AND purpose = ? AND consumed_at IS NULL',
      )
      .bind(now, target, purpose),
    db
      .prepare(
        'INSERT INTO auth_codes (target, purpose, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .bind(target, purpose, codeHash, now + CODE_SECONDS, now),
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
  const newest = 'SELECT max(id) FROM auth_codes WHERE target = ?2 AND purpose = ?3';
  const [counted, latest] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `UPDATE auth_codes SET attempts = attempts + 1
         WHERE id = (${newest}) AND consumed_at IS NULL AND expires_at > ?1 AND attempts < ${CODE_MAX_ATTEMPTS}
         RETURNING id, code_hash AS codeHash, attempts`,
      )
      .bind(now, target, purpose),
    db
      .prepare(
        `SELECT expires_at AS expiresAt, attempts, consumed_at AS consumedAt FROM auth_codes WHERE id = (${newest})`,
      )
      .bind(now, target, purpose),
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
  return db
    .prepare(
      'UPDATE auth_codes SET consumed_at = ?, consumed_by = ? WHERE id = ? AND consumed_at IS NULL AND expires_at > ?',
    )
    .bind(now, guard.nonce, guard.codeId, now);
}

/** Stores a one-time password-change token (its digest) for the account. */
export function insertPasswordToken(
  db: D1Database,
  accountId: number,
  tokenHash: string,
  now: number,
  guard?: Guard,
): D1PreparedStatement {
  const [g, gp] = guardSql(guard);
  return db
    .prepare(
      `INSERT INTO auth_codes (target, purpose, code_hash, expires_at, created_at) SELECT ?, 'password_token', ?, ?, ? WHERE 1${g}`,
    )
    .bind(String(accountId), tokenHash, now + CODE_SECONDS, now, ...gp);
}

/** The usable password token with this digest, and its account. */
export function findPasswordToken(
  db: D1Database,
  tokenHash: string,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `SELECT c.id AS codeId, ${ACCOUNT_COLUMNS.split(', ')
        .map((col) => `a.${col}`)
        .join(', ')}
       FROM auth_codes c JOIN accounts a ON a.id = CAST(c.target AS INTEGER)
       WHERE c.purpose = 'password_token' AND c.code_hash = ? AND c.consumed_at IS NULL AND c.expires_at > ?`,
    )
    .bind(tokenHash, now);
}

/** Deletes what no request can use any more: ended windows, old codes, long-dead sessions. */
export function purgeExpired(db: D1Database, now: number): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM rate_limits WHERE reset_at < ?').bind(now - 86_400),
    db.prepare('DELETE FROM auth_codes WHERE expires_at < ?').bind(now - 86_400),
    db
      .prepare('DELETE FROM sessions WHERE expires_at < ?1 OR revoked_at < ?1')
      .bind(now - 30 * 86_400),
  ];
}

/** How many profiles and live device sessions the account has (the /settings overview). */
export function accountCounts(db: D1Database, accountId: number): D1PreparedStatement[] {
  return [
    db.prepare('SELECT count(*) AS n FROM profiles WHERE account_id = ?').bind(accountId),
    db
      .prepare(
        'SELECT count(*) AS n FROM sessions WHERE account_id = ? AND revoked_at IS NULL AND expires_at > unixepoch()',
      )
      .bind(accountId),
  ];
}
