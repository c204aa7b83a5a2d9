import { d1 } from '../../db/client.ts';
import { logger } from '../../lib/log.ts';
import { DeliveryError } from './delivery-error.ts';
import { type MessageSender, parseMessage } from './message.ts';
import { insertOutboxMessage, outboxRowOf } from './outbox.repo.ts';

/**
 * The local outbox: "sending" stores the message in D1 (`outbox_messages`), where the
 * development reader (/dev/outbox, /dev/api/outbox/) and the browser tests find it. The message
 * is stored before `send` resolves, so a code the API announced is always readable.
 * @example const { id } = await outboxSender().send(signInCode({ channel: 'sms', to: '+79991234567', code: '123456' }))
 */
export function outboxSender(database: () => D1Database = d1): MessageSender {
  return {
    async send(message) {
      const m = parseMessage(message);
      try {
        const id = await insertOutboxMessage(database(), outboxRowOf(m));
        return { id };
      } catch (err) {
        // D1's message names the constraint or the failure, never the stored values.
        logger.error('messages.outbox_not_stored', {
          error: err instanceof Error ? err.message : 'unknown error',
        });
        throw new DeliveryError('storage', m.channel, undefined, undefined, { cause: err });
      }
    },
  };
}
