import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts, sessions } from './accounts-schema.ts';

/** Drizzle mirror of migration 0008_parental.sql (the migration is the source of truth). */

/** The spec's parental-control states (section 3); no row is Undefined. */
export type ParentalStatus = 'Undefined' | 'Enabled' | 'Disabled';

/** Age settings: content rated at or above needs the PIN. */
export const PARENTAL_AGE_LIMITS = [12, 16, 18] as const;
export type ParentalAgeLimit = (typeof PARENTAL_AGE_LIMITS)[number];

export const parentalControls = sqliteTable('parental_controls', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  status: text('status').$type<Exclude<ParentalStatus, 'Undefined'>>().notNull(),
  pinHash: text('pin_hash'),
  ageLimit: integer('age_limit').$type<ParentalAgeLimit>().notNull().default(18),
  updatedAt: integer('updated_at').notNull(),
});

export const parentalSessions = sqliteTable(
  'parental_sessions',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    pinUntil: integer('pin_until').notNull().default(0),
    verifiedUntil: integer('verified_until').notNull().default(0),
  },
  (t) => [index('parental_sessions_account').on(t.accountId)],
);
