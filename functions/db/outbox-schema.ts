import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The local outbox (migration 0004_outbox.sql is the source of truth): every message sent while
 * a channel's provider is "outbox". `createdAt` is in milliseconds since the epoch.
 */
export const outboxMessages = sqliteTable(
  'outbox_messages',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    purpose: text('purpose').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: integer('created_at')
      .notNull()
      .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  (t) => [
    index('outbox_messages_recipient_created').on(t.recipient, t.createdAt),
    index('outbox_messages_created').on(t.createdAt),
  ],
);
