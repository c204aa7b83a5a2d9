import { z } from 'zod';
import { DeliveryError } from './delivery-error.ts';

export type MessageChannel = 'email' | 'sms';

/**
 * One e-mail or SMS as the application composes it (templates.ts builds them). `purpose` names
 * why it is sent (`sign_in_code`…); `idempotencyKey` makes a retried send deliver once.
 */
export interface OutgoingMessage {
  channel: MessageChannel;
  /** An e-mail address or a phone number in international form (`+79991234567`). */
  to: string;
  subject?: string;
  text: string;
  html?: string;
  purpose: string;
  idempotencyKey?: string;
}

/**
 * Where messages go: the local outbox or a real gateway, chosen by configuration (index.ts).
 * `send` resolves once the message is stored or accepted by the gateway, with its id; it rejects
 * with a `DeliveryError` (delivery-error.ts) and never drops a message silently.
 */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<{ id: string }>;
}

/** Phone numbers are compared as `+` and digits: `+7 (999) 123-45-67` is `+79991234567`. */
function phoneDigits(value: string): string {
  const trimmed = value.trim();
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '');
}

/**
 * The recipient as the outbox stores and filters it: e-mail lower-cased, phones as `+` and digits.
 * Without a channel, anything with `@` counts as e-mail.
 * @example normaliseRecipient(' Ivan@Example.RU ') // 'ivan@example.ru'
 */
export function normaliseRecipient(
  to: string,
  channel: MessageChannel = to.includes('@') ? 'email' : 'sms',
): string {
  return channel === 'email' ? to.trim().toLowerCase() : phoneDigits(to);
}

const purpose = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);
const idempotencyKey = z.string().min(1).max(128).optional();

/**
 * A message as every sender accepts it, recipient normalised. E-mail needs a subject; an SMS is
 * at most ten segments and carries no HTML.
 */
export const outgoingMessageSchema = z.discriminatedUnion('channel', [
  z.object({
    channel: z.literal('email'),
    to: z
      .string()
      .transform((v) => normaliseRecipient(v, 'email'))
      .pipe(z.email().max(254)),
    subject: z.string().trim().min(1).max(200),
    text: z.string().min(1).max(20_000),
    html: z.string().max(200_000).optional(),
    purpose,
    idempotencyKey,
  }),
  z.object({
    channel: z.literal('sms'),
    to: z
      .string()
      .transform((v) => normaliseRecipient(v, 'sms'))
      .pipe(z.string().regex(/^\+?\d{10,15}$/)),
    subject: z.string().max(200).optional(),
    text: z.string().min(1).max(670),
    purpose,
    idempotencyKey,
  }),
]);

export type ValidMessage = z.output<typeof outgoingMessageSchema>;

/**
 * The message checked and normalised, or a `DeliveryError('invalid_message')`: a sender never
 * stores or posts a message it would not accept from the API.
 */
export function parseMessage(message: OutgoingMessage): ValidMessage {
  const parsed = outgoingMessageSchema.safeParse(message);
  if (parsed.success) return parsed.data;
  const channel =
    message.channel === 'email' || message.channel === 'sms' ? message.channel : 'unknown';
  throw new DeliveryError('invalid_message', channel, undefined, undefined, {
    cause: parsed.error,
  });
}
