import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { DeviceType } from '../lib/device.ts';

/** Drizzle mirror of migrations 0003_accounts.sql and 0010_profiles_table.sql (the migrations are the source of truth). */

export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey(),
  email: text('email').unique(),
  phone: text('phone').unique(),
  passwordHash: text('password_hash'),
  billingId: text('billing_id').notNull().unique(),
  createdAt: integer('created_at').notNull().default(sql`(unixepoch())`),
  passwordChangedAt: integer('password_changed_at'),
});

/** Profiles (spec section 3: users/{id} with isKid); at most 5 per account. */
export const profiles = sqliteTable(
  'profiles',
  {
    id: integer('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isKid: integer('is_kid', { mode: 'boolean' }).notNull().default(false),
    avatarId: integer('avatar_id'),
    ageLimit: integer('age_limit'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch())`),
  },
  (t) => [index('profiles_account').on(t.accountId, t.id)],
);

export const MAX_PROFILES = 5;

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id').notNull().default(''),
    deviceType: text('device_type').$type<DeviceType>().notNull().default('other'),
    deviceName: text('device_name').notNull().default(''),
    country: text('country').notNull().default('XX'),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('sessions_account').on(t.accountId, t.revokedAt, t.expiresAt)],
);

export type CodePurpose = 'sign_up' | 'sign_in' | 'reset' | 'password_token';

export const authCodes = sqliteTable(
  'auth_codes',
  {
    id: integer('id').primaryKey(),
    target: text('target').notNull(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: integer('consumed_at'),
    consumedBy: text('consumed_by'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('auth_codes_target').on(t.target, t.purpose, t.id),
    index('auth_codes_hash').on(t.codeHash, t.purpose),
  ],
);

export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: integer('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset').on(t.resetAt)],
);
