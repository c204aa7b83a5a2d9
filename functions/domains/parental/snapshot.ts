import { and, eq, gt, isNull } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client.ts';
import type { ParentalStatus } from '../../db/parental-schema.ts';
import type { ParentalSnapshot } from '../../shared/app-config.ts';

export type { ParentalSnapshot };

// The columns the layout's batch reads (migrations 0003 and 0008 are the schema): the page data
// batch is a drizzle batch, which cannot carry the parental domain's raw statements.
const sessions = sqliteTable('sessions', {
  id: text('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  expiresAt: integer('expires_at').notNull(),
  revokedAt: integer('revoked_at'),
});
const parentalControls = sqliteTable('parental_controls', {
  accountId: integer('account_id').primaryKey(),
  status: text('status').$type<Exclude<ParentalStatus, 'Undefined'>>().notNull(),
  ageLimit: integer('age_limit').notNull(),
});
const parentalSessions = sqliteTable('parental_sessions', {
  sessionId: text('session_id').primaryKey(),
  accountId: integer('account_id').notNull(),
  pinUntil: integer('pin_until').notNull(),
});

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
