import { ApiError } from '../../lib/errors.ts';
import type { MessageChannel } from './message.ts';
import { messageTexts } from './texts.ts';

/**
 * Why a message was not sent:
 * - `invalid_message`: the message itself is wrong (no subject, a malformed address); fix the caller.
 * - `misconfigured`: the gateway URL, key or sender is missing or not https.
 * - `timeout`, `network`: the gateway did not answer in time or could not be reached; the message
 *   may or may not have gone out (send again with the same idempotency key).
 * - `unauthorized`: the gateway refused the API key (401/403).
 * - `rejected`: the gateway refused this message (4xx, or a 2xx whose body reports an error).
 * - `rate_limited`: the gateway asks to slow down (429); `retryAfter` in seconds when it says.
 * - `unavailable`: the gateway failed (5xx).
 * - `storage`: the outbox could not store the message.
 */
export type DeliveryFailure =
  | 'invalid_message'
  | 'misconfigured'
  | 'timeout'
  | 'network'
  | 'unauthorized'
  | 'rejected'
  | 'rate_limited'
  | 'unavailable'
  | 'storage';

const RETRYABLE = new Set<DeliveryFailure>([
  'timeout',
  'network',
  'rate_limited',
  'unavailable',
  'storage',
]);

/**
 * A message that was not sent. Its message names the channel, the failure and the gateway's
 * status, never the recipient, the text or a key, so it is safe to log.
 * @example if (err instanceof DeliveryError && err.retryable) …
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  readonly retryable: boolean;
  constructor(
    readonly reason: DeliveryFailure,
    readonly channel: MessageChannel | 'unknown',
    readonly status?: number,
    readonly retryAfter?: number,
    options?: ErrorOptions,
  ) {
    super(`${channel} delivery failed: ${reason}${status ? ` (HTTP ${status})` : ''}`, options);
    this.retryable = RETRYABLE.has(reason);
  }
}

/**
 * The API's answer to a failed send: a message the gateway refused is the viewer's input (422),
 * everything else is "try later" (503).
 * @example catch (err) { if (err instanceof DeliveryError) throw deliveryApiError(err); throw err; }
 */
export function deliveryApiError(error: DeliveryError): ApiError {
  if (error.reason === 'rejected' || error.reason === 'invalid_message') {
    return new ApiError(
      422,
      error.channel === 'sms' ? messageTexts.phoneRejected : messageTexts.emailRejected,
      'delivery_rejected',
    );
  }
  return new ApiError(503, messageTexts.deliveryUnavailable, 'delivery_unavailable');
}
