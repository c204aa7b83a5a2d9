import { logger } from '../../lib/log.ts';
import { DeliveryError } from './delivery-error.ts';
import {
  type Fetcher,
  GATEWAY_TIMEOUT_MS,
  gatewayMessageId,
  postToGateway,
} from './http-gateway.ts';
import {
  type MessageChannel,
  type MessageSender,
  parseMessage,
  type ValidMessage,
} from './message.ts';

interface GatewayOptions {
  /** The gateway's https endpoint (MAIL_API_URL / SMS_API_URL). */
  url: string;
  /** Sent as `Authorization: Bearer …` (a `wrangler secret`). */
  apiKey: string;
  /** Defaults to the global `fetch`; tests pass an in-process server's handler. */
  fetch?: Fetcher;
  timeoutMs?: number;
}

/**
 * E-mail through a JSON mail API in the Postmark / Unisender mould: POST `{ from, to, subject,
 * text, html, tag }` with a bearer key; the answer's `id` (or `MessageID`, `message_id`) is the id.
 * @example httpMailSender({ url: 'https://api.mail-gateway.example/v1/messages', apiKey, from: 'Амедиатека <no-reply@amediateka.example>' })
 */
export function httpMailSender(options: GatewayOptions & { from: string }): MessageSender {
  return gatewaySender('email', options, options.from, (m) => ({
    from: options.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    tag: m.purpose,
  }));
}

/**
 * SMS through a JSON SMS API in the SMS.ru / SMSC mould: POST `{ from, to, text }` with a bearer
 * key, `from` being the registered sender name; a 200 whose body says `status: "ERROR"` or has
 * an `error` counts as refused.
 * @example httpSmsSender({ url: 'https://api.sms-gateway.example/v1/send', apiKey, sender: 'Amediateka' })
 */
export function httpSmsSender(options: GatewayOptions & { sender: string }): MessageSender {
  return gatewaySender('sms', options, options.sender, (m) => ({
    from: options.sender,
    to: m.to,
    text: m.text,
  }));
}

type MessageOf<C extends MessageChannel> = Extract<ValidMessage, { channel: C }>;

function gatewaySender<C extends MessageChannel>(
  channel: C,
  options: GatewayOptions,
  sender: string,
  body: (message: MessageOf<C>) => Record<string, unknown>,
): MessageSender {
  const fetcher: Fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    async send(message) {
      const m = parseMessage(message);
      if (m.channel !== channel) throw new DeliveryError('invalid_message', m.channel);
      const idempotencyKey = m.idempotencyKey ?? crypto.randomUUID();
      try {
        if (!sender) throw new DeliveryError('misconfigured', channel);
        const answer = await postToGateway({
          channel,
          url: options.url,
          apiKey: options.apiKey,
          body: body(m as MessageOf<C>),
          idempotencyKey,
          fetch: fetcher,
          timeoutMs: options.timeoutMs ?? GATEWAY_TIMEOUT_MS,
        });
        return { id: gatewayMessageId(answer) ?? idempotencyKey };
      } catch (err) {
        // The error's message holds channel, failure and status only: no recipient, text or key.
        if (err instanceof DeliveryError)
          logger.warn('messages.delivery_failed', { failure: err.message, purpose: m.purpose });
        throw err;
      }
    },
  };
}
