import { config } from '../../lib/config.ts';
import { typeset, typesetMarkup } from '../../lib/typeset.ts';
import type { Fetcher } from './http-gateway.ts';
import { httpMailSender, httpSmsSender } from './http-senders.ts';
import type { MessageSender, OutgoingMessage } from './message.ts';
import { outboxSender } from './outbox-sender.ts';

export { DeliveryError, type DeliveryFailure, deliveryApiError } from './delivery-error.ts';
export type { MessageChannel, MessageSender, OutgoingMessage } from './message.ts';
export * as templates from './templates.ts';

/**
 * The sender configuration chooses: e-mail by MAIL_PROVIDER, SMS by SMS_PROVIDER, each "outbox"
 * (D1, read at /dev/outbox) or "http" (the JSON gateway at MAIL_API_URL / SMS_API_URL).
 * Configuration is read on every call, like `config()` itself.
 * @example await messageSender().send(templates.signInCode({ channel: 'sms', to: '+79991234567', code: '123456' }))
 */
export function messageSender(deps: { fetch?: Fetcher } = {}): MessageSender {
  const { mail, sms } = config();
  const email =
    mail.provider === 'http'
      ? httpMailSender({
          url: mail.apiUrl,
          apiKey: mail.apiKey,
          from: mail.from,
          fetch: deps.fetch,
        })
      : outboxSender();
  const text =
    sms.provider === 'http'
      ? httpSmsSender({
          url: sms.apiUrl,
          apiKey: sms.apiKey,
          sender: sms.sender,
          fetch: deps.fetch,
        })
      : outboxSender();
  return {
    send: (message) => (message.channel === 'sms' ? text : email).send(typesetMessage(message)),
  };
}

/**
 * A message's words through the site's one typographic step (functions/lib/typeset.ts), as a
 * page's are; a quote (`> ` lines, `<blockquote>`: the viewer's own words in the copy of their
 * support request) goes out as it was written.
 */
function typesetMessage(message: OutgoingMessage): OutgoingMessage {
  const text = message.text
    .split('\n')
    .map((line) => (line.startsWith('> ') ? line : typeset(line)))
    .join('\n');
  const html = message.html
    ?.split(/(<blockquote[^>]*>[\s\S]*?<\/blockquote>)/)
    .map((part, i) => (i % 2 === 1 ? part : typesetMarkup(part)))
    .join('');
  return {
    ...message,
    text,
    ...(message.subject !== undefined && { subject: typeset(message.subject) }),
    ...(html !== undefined && { html }),
  };
}

export { normaliseRecipient, outgoingMessageSchema } from './message.ts';
export type { OutboxEntry } from './outbox.repo.ts';
export { listOutbox } from './outbox-list.ts';
export { outboxSender } from './outbox-sender.ts';
export { outboxStatement } from './outbox-statement.ts';
export { purposeLabels } from './texts.ts';
