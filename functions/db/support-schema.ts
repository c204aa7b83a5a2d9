import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Support requests (migration 0006). */
export const supportRequests = sqliteTable('support_requests', {
  id: integer('id').primaryKey(),
  accountId: text('account_id'),
  userId: text('user_id'),
  email: text('email').notNull(),
  subject: text('subject', {
    enum: ['payment', 'playback', 'account', 'promo', 'other'],
  }).notNull(),
  message: text('message').notNull(),
  pageUrl: text('page_url').notNull().default(''),
  deviceId: text('device_id').notNull(),
  ip: text('ip').notNull(),
  createdAt: integer('created_at').notNull(),
});
