import type { Sql } from '../../db/sql.ts';
import { typeset, typesetMarkup } from '../../lib/typeset.ts';
import { type OutgoingMessage, parseMessage } from './message.ts';
import { insertOutboxMessageIf, outboxRowOf } from './outbox.repo.ts';

/**
 * The outbox row of one message as a statement, for a `db.batch()` that records why it is sent
 * (a paid order's receipt, a gift's link): the message exists exactly when that batch commits, and
 * its idempotency key makes a repeated batch store nothing. Typeset as every message is.
 * @example db.batch([markPaid, outboxStatement(db, receiptMail)])
 */
export function outboxStatement(
  d: D1Database,
  message: OutgoingMessage,
  /** A condition the batch checks as it runs: no row when it is false (always stored without). */
  onlyIf?: Sql,
): D1PreparedStatement {
  const m = parseMessage({
    ...message,
    text: message.text.split('\n').map(typeset).join('\n'),
    ...(message.subject !== undefined && { subject: typeset(message.subject) }),
    ...(message.html !== undefined && { html: typesetMarkup(message.html) }),
  });
  return insertOutboxMessageIf(d, outboxRowOf(m), onlyIf);
}
