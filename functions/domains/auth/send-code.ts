import { waitUntil } from 'cloudflare:workers';
import type { CodePurpose } from '../../db/accounts-schema.ts';
import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { logger } from '../../lib/log.ts';
import { newCode } from './codes.ts';
import { pseudonym } from './keys.ts';
import { LIMITS } from './limits.ts';
import { deliver, type OutgoingMessage } from './mailer.ts';
import { takeOrThrow } from './rate-limit.ts';
import { nowSeconds } from './session.ts';

export type Channel = OutgoingMessage['channel'];

/** An account's e-mail or phone (E.164), as the schemas normalise them. */
export type Contact = { email: string } | { phone: string };
export type ContactKind = 'email' | 'phone';
export const contactKind = (contact: Contact): ContactKind =>
  'email' in contact ? 'email' : 'phone';
/** Where a message to the contact goes: e-mail, or SMS for a phone. */
export const channelOf = (contact: Contact): Channel => ('email' in contact ? 'email' : 'sms');
export const addressOf = (contact: Contact): string =>
  'email' in contact ? contact.email : contact.phone;

/** Where codes for an address are kept: a keyed hash of channel and address. */
export function codeTarget(channel: Channel, address: string): Promise<string> {
  return pseudonym('code', `${channel}:${address}`);
}

export interface SendCode {
  channel: Channel;
  address: string;
  purpose: CodePurpose;
  /** Where the code is kept, when not the address's own place (parental codes are the account's). */
  target?: string;
  /** False: store a dead code (the address must not get a working one). */
  live: boolean;
  /** The message with a live code, or the one for a dead code (null: send nothing); see templates.ts. */
  message: (code: string | null) => OutgoingMessage | null;
  /**
   * Deliver after the answer has gone: for a request whose answer must not tell a known address
   * from an unknown one, where only one of them gets a message and a gateway's round trip would
   * show in the timing. A failed delivery is then logged, not answered.
   */
  afterResponse?: boolean;
}

/**
 * Sends a one-time code under the throttles that apply to every message: once a minute and five
 * an hour per address (any purpose), twenty an hour per requesting IP; all or nothing, else a 429.
 */
export async function sendCode(ip: string, o: SendCode): Promise<void> {
  const now = nowSeconds();
  const address = `${o.channel}:${o.address}`;
  await takeOrThrow(
    [
      { key: await pseudonym('send-minute', address), ...LIMITS.sendPerTargetMinute },
      { key: await pseudonym('send-hour', address), ...LIMITS.sendPerTargetHour },
      { key: await pseudonym('send-ip', ip), ...LIMITS.sendPerIpHour },
    ],
    now,
  );
  const code = await newCode(
    d1(),
    o.target ?? (await codeTarget(o.channel, o.address)),
    o.purpose,
    now,
    o.live,
  );
  const message = o.message(code);
  if (!message) return;
  if (!o.afterResponse) return deliver(message);
  waitUntil(
    deliver(message).catch((error) => {
      // The reason only: the address and the code stay out of the log.
      logger.error('auth.code_not_delivered', {
        purpose: o.purpose,
        reason: error instanceof ApiError ? error.reason : 'unknown error',
      });
    }),
  );
}

/** Masks an address for the answer: «an***@mail.ru», «+7 *** ***-**-67». */
export function maskAddress(channel: Channel, address: string): string {
  if (channel === 'sms') return `${address.slice(0, 2)} *** ***-**-${address.slice(-2)}`;
  const [name = '', domain = ''] = address.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}

/** The per-IP allowance of password and code checks (30 in 10 minutes); a 429 past it. */
export async function takeCheckAllowance(ip: string, now: number): Promise<void> {
  await takeOrThrow([{ key: await pseudonym('check-ip', ip), ...LIMITS.signInPerIp }], now);
}
