import {
  DeliveryError,
  deliveryApiError,
  messageSender,
  type OutgoingMessage,
} from '../messages/index.ts';

export type { OutgoingMessage };

export type Deliver = (message: OutgoingMessage) => Promise<void>;

/** The configured sender (the D1 outbox in development, a gateway in production); a refusal becomes the API's 422/503. */
const viaSender: Deliver = async (message) => {
  try {
    await messageSender().send(message);
  } catch (error) {
    throw error instanceof DeliveryError ? deliveryApiError(error) : error;
  }
};

let deliverImpl: Deliver = viaSender;

/**
 * Sends one message (built by functions/lib/messages/templates.ts) through the configured sender.
 * @example await deliver(templates.signInCode({ channel: 'sms', to: '+79991234567', code: '123456' }))
 */
export function deliver(message: OutgoingMessage): Promise<void> {
  return deliverImpl(message);
}

/**
 * Replaces the transport for a test that reads what was sent (null: the configured sender again);
 * returns the previous one.
 * @example const sent: OutgoingMessage[] = []; setDeliver(async (m) => { sent.push(m); });
 */
export function setDeliver(next: Deliver | null): Deliver {
  const previous = deliverImpl;
  deliverImpl = next ?? viaSender;
  return previous;
}
