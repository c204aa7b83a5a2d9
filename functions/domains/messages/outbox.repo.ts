import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/outbox-schema.ts';
import type { MessageChannel } from './message.ts';

type OutboxRow = typeof outboxMessages.$inferSelect;

/** A stored message as the development reader shows it. */
export interface OutboxEntry {
  id: string;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  purpose: string;
  /** ISO 8601, UTC, with milliseconds. */
  createdAt: string;
}

interface OutboxFilter {
  /** A normalised recipient (message.ts, `normaliseRecipient`). */
  to?: string;
  channel?: MessageChannel;
  limit: number;
}

/**
 * Stores one message in one statement. A repeated idempotency key stores nothing and answers
 * the first message's id (the no-op update makes SQLite return the existing row).
 */
export async function insertOutboxMessage(
  d: Db,
  row: typeof outboxMessages.$inferInsert,
): Promise<string> {
  const [stored] = await d
    .insert(outboxMessages)
    .values(row)
    .onConflictDoUpdate({
      target: outboxMessages.idempotencyKey,
      set: { idempotencyKey: sql`excluded.idempotency_key` },
    })
    .returning({ id: outboxMessages.id });
  if (!stored) throw new Error('outbox insert returned no row');
  return stored.id;
}

/**
 * Newest first, optionally for one recipient and channel; rowid orders messages stored in the
 * same millisecond. A query builder, so a page can batch it with its layout's reads.
 */
export function outboxQuery(d: Db, filter: OutboxFilter) {
  const where = and(
    filter.to ? eq(outboxMessages.recipient, filter.to) : undefined,
    filter.channel ? eq(outboxMessages.channel, filter.channel) : undefined,
  );
  return d
    .select()
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(sql`rowid`))
    .limit(filter.limit);
}

export function toOutboxEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.bodyText,
    html: row.bodyHtml,
    purpose: row.purpose,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
