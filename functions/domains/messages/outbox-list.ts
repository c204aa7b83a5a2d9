import { d1 } from '../../db/client.ts';
import { run } from '../../db/run.ts';
import { type MessageChannel, normaliseRecipient } from './message.ts';
import { type OutboxEntry, outboxQuery, toOutboxEntry } from './outbox.repo.ts';

/**
 * The stored messages, newest first, for the development reader (`/dev/outbox` and its JSON at
 * `/dev/api/outbox/`): `to` as typed (an e-mail or a phone), normalised as the sender stored it.
 */
export async function listOutbox(filter: {
  to?: string;
  channel?: MessageChannel;
  limit: number;
}): Promise<OutboxEntry[]> {
  const { to, channel, limit } = filter;
  const rows = await run(
    outboxQuery(d1(), {
      to: to ? normaliseRecipient(to, channel) : undefined,
      channel,
      limit,
    }),
  );
  return rows.map(toOutboxEntry);
}
