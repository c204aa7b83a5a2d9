import { redact } from '../shared/redact.ts';

export type LogLevel = 'info' | 'warn' | 'error';

/** What an event says beside its name: counts, reasons, ids; anything personal is scrubbed anyway. */
export type LogFields = Record<string, unknown>;

const WRITE: Record<LogLevel, (line: string) => void> = {
  info: (line) => console.log(line),
  warn: (line) => console.warn(line),
  error: (line) => console.error(line),
};

/**
 * Writes one JSON line `{ level, event, time, ...fields }` (Workers Logs and `wrangler tail` index
 * its fields). Fields pass through `redact`: e-mails, phones, card numbers, tokens, passwords,
 * cookies and Authorization values never reach the log, whoever called.
 * @example log('warn', 'messages.delivery_failed', { purpose: 'sign-in-code', reason: 'timeout' })
 */
export function log(level: LogLevel, event: string, fields: LogFields = {}): void {
  const safe = redact(fields) as LogFields;
  WRITE[level](JSON.stringify({ level, event, time: new Date().toISOString(), ...safe }));
}

/** The three levels as functions: `logger.error('billing.payment_not_created', { orderId })`. */
export const logger = {
  info: (event: string, fields?: LogFields) => log('info', event, fields),
  warn: (event: string, fields?: LogFields) => log('warn', event, fields),
  error: (event: string, fields?: LogFields) => log('error', event, fields),
};
