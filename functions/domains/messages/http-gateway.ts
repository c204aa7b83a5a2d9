import { DeliveryError, type DeliveryFailure } from './delivery-error.ts';
import type { MessageChannel } from './message.ts';

/** The `fetch` the adapters call: the global one in the Worker, an in-process server in tests. */
export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

/** A viewer waits for the code: a gateway that has not answered in 8 s is treated as down. */
export const GATEWAY_TIMEOUT_MS = 8_000;

interface GatewayRequest {
  channel: MessageChannel;
  url: string;
  apiKey: string;
  body: Record<string, unknown>;
  /** Sent as `Idempotency-Key`, so a gateway that honours it delivers a retried message once. */
  idempotencyKey: string;
  fetch: Fetcher;
  timeoutMs: number;
}

type Payload = Record<string, unknown>;

/**
 * POSTs a JSON message to a gateway with a bearer key and returns its JSON answer, or rejects
 * with a `DeliveryError` mapped from the status. The deadline covers the answer and its body and
 * holds even if the transport ignores the abort signal.
 * @example await postToGateway({ channel: 'sms', url, apiKey, body: { to, text }, idempotencyKey, fetch, timeoutMs: 8000 })
 */
export async function postToGateway(r: GatewayRequest): Promise<Payload> {
  if (!r.url.startsWith('https://') || !r.apiKey)
    throw new DeliveryError('misconfigured', r.channel);
  const signal = AbortSignal.timeout(r.timeoutMs);
  let response: Response;
  let payload: Payload;
  try {
    response = await untilAborted(
      r.fetch(r.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${r.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': r.idempotencyKey,
        },
        body: JSON.stringify(r.body),
        signal,
      }),
      signal,
    );
    payload = await untilAborted(readPayload(response), signal);
  } catch (err) {
    throw new DeliveryError(
      signal.aborted ? 'timeout' : 'network',
      r.channel,
      undefined,
      undefined,
      { cause: err },
    );
  }
  if (response.ok && !reportsError(payload)) return payload;
  const failure = response.ok ? 'rejected' : failureOf(response.status);
  throw new DeliveryError(failure, r.channel, response.status, retryAfterSeconds(response));
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The answer's JSON object; an empty or non-JSON body counts as `{}` (the status still decides). */
async function readPayload(response: Response): Promise<Payload> {
  const text = await response.text();
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Payload) : {};
  } catch {
    return {};
  }
}

/** SMS gateways in the SMS.ru / SMSC mould answer 200 with `status: "ERROR"` or an `error` field. */
function reportsError(payload: Payload): boolean {
  return Boolean(payload.error) || String(payload.status ?? '').toUpperCase() === 'ERROR';
}

function failureOf(status: number): DeliveryFailure {
  if (status === 401 || status === 403) return 'unauthorized';
  // A missing endpoint is a wrong MAIL_API_URL / SMS_API_URL, not a bad message.
  if (status === 404 || status === 405) return 'misconfigured';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

function retryAfterSeconds(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The gateway's message id, under the names common APIs use; `undefined` when it gives none. */
export function gatewayMessageId(payload: Payload): string | undefined {
  for (const key of ['id', 'message_id', 'messageId', 'MessageID', 'sms_id']) {
    const value = payload[key];
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}
