import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import { authTexts } from './texts.ts';

/**
 * Outgoing e-mail or SMS, in the shape of the message outbox (issue 5, "Messages without a real
 * SMS or mail gateway"). The accounts code only composes messages; `deliver` hands them over.
 */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

export type Deliver = (message: OutgoingMessage) => Promise<void>;

/**
 * Until the outbox is wired in, development prints messages to the Worker's console (codes are
 * throwaway there) and production refuses with a 503 rather than pretend a code was sent.
 */
const untilOutbox: Deliver = async (message) => {
  if (!config().devRoutes) throw new ApiError(503, authTexts.deliveryUnavailable, 'delivery_unavailable');
  console.info(`[dev ${message.channel}] to ${message.to}: ${message.subject ?? ''}\n${message.text}`);
};

let deliverImpl: Deliver = untilOutbox;

/**
 * Sends one message through the configured transport.
 * @example await deliver({ channel: 'sms', to: '+79991234567', text: 'Амедиатека: код для входа 123456' })
 */
export function deliver(message: OutgoingMessage): Promise<void> {
  return deliverImpl(message);
}

/**
 * Replaces the transport: the outbox at merge time, a recorder in tests. Returns the previous one.
 * @example const sent: OutgoingMessage[] = []; setDeliver(async (m) => { sent.push(m); });
 */
export function setDeliver(next: Deliver): Deliver {
  const previous = deliverImpl;
  deliverImpl = next;
  return previous;
}
