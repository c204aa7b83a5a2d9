import { type Query, run } from '../../db/run.ts';
import { firstRow, prepare, raw, rows, type Sql, sql, where } from '../../db/sql.ts';
import type { MessageChannel, ValidMessage } from './message.ts';

/** A row of outbox_messages (migration 0004_outbox.sql); `createdAt` in milliseconds since the epoch. */
interface OutboxRow {
  id: string;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  purpose: string;
  idempotencyKey: string | null;
  createdAt: number;
}

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
 * The row a checked message is stored as: a new id, and an HTML body only for e-mail.
 * @example insertOutboxMessage(d, outboxRowOf(parseMessage(message)))
 */
export function outboxRowOf(m: ValidMessage): Omit<OutboxRow, 'createdAt'> {
  return {
    id: crypto.randomUUID(),
    channel: m.channel,
    recipient: m.to,
    subject: m.subject ?? null,
    bodyText: m.text,
    bodyHtml: m.channel === 'email' ? (m.html ?? null) : null,
    purpose: m.purpose,
    idempotencyKey: m.idempotencyKey ?? null,
  };
}

/**
 * Stores one message in one statement. A repeated idempotency key stores nothing and answers
 * the first message's id (the no-op update makes SQLite return the existing row).
 */
export async function insertOutboxMessage(
  d: D1Database,
  row: Omit<OutboxRow, 'createdAt'>,
): Promise<string> {
  const stored = await run(
    firstRow<{ id: string }>(
      d,
      sql`INSERT INTO outbox_messages
            (id, channel, recipient, subject, body_text, body_html, purpose, idempotency_key)
          VALUES (${row.id}, ${row.channel}, ${row.recipient}, ${row.subject}, ${row.bodyText},
            ${row.bodyHtml}, ${row.purpose}, ${row.idempotencyKey})
          ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key
          RETURNING id`,
    ),
  );
  if (!stored) throw new Error('outbox insert returned no row');
  return stored.id;
}

/**
 * Stores one message as a statement for the caller's batch, only when `onlyIf` holds as the batch
 * runs; a repeated idempotency key stores nothing.
 */
export function insertOutboxMessageIf(
  d: D1Database,
  row: Omit<OutboxRow, 'createdAt'>,
  onlyIf: Sql = raw('1'),
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO outbox_messages
         (id, channel, recipient, subject, body_text, body_html, purpose, idempotency_key)
       SELECT ${row.id}, ${row.channel}, ${row.recipient}, ${row.subject}, ${row.bodyText},
         ${row.bodyHtml}, ${row.purpose}, ${row.idempotencyKey}
       WHERE ${onlyIf}
       ON CONFLICT (idempotency_key) DO NOTHING`,
  );
}

/**
 * Newest first, optionally for one recipient and channel; rowid orders messages stored in the
 * same millisecond. A query, so a page can batch it with its layout's reads.
 */
export function outboxQuery(d: D1Database, filter: OutboxFilter): Query<OutboxRow[]> {
  return rows<OutboxRow>(
    d,
    sql`SELECT id, channel, recipient, subject, body_text AS "bodyText", body_html AS "bodyHtml",
          purpose, idempotency_key AS "idempotencyKey", created_at AS "createdAt"
        FROM outbox_messages
        ${where(
          filter.to ? sql`recipient = ${filter.to}` : undefined,
          filter.channel ? sql`channel = ${filter.channel}` : undefined,
        )}
        ORDER BY created_at DESC, rowid DESC
        LIMIT ${filter.limit}`,
  );
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
