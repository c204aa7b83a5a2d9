import type { MapStore } from 'nanostores';
import { type ApiResult, errorMessage, errorReason, isOk } from '../lib/api-client.ts';

/** The part of an island's store that follows its API calls. */
interface CallState {
  busy: boolean;
  /** The server's message of the last failed call (docs/product.md, «When things go wrong»), for the screen. */
  error: string | null;
  /** Its `details.reason`, where the store keeps one. */
  reason?: string | null;
}

/**
 * Runs one API call under the store's busy flag: clears the last error first, and on failure keeps
 * the server's message (and reason, where the store has that key) for the screen.
 * @example const result = await trackCall($parental, () => api.post(path('pin-code/check'), { pin }));
 */
export async function trackCall<T, S extends CallState>(
  store: MapStore<S>,
  call: () => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  const keepsReason = 'reason' in store.get();
  store.set({ ...store.get(), busy: true, error: null, ...(keepsReason ? { reason: null } : {}) });
  const result = await call();
  const failure = isOk(result)
    ? {}
    : { error: errorMessage(result), ...(keepsReason ? { reason: errorReason(result) } : {}) };
  store.set({ ...store.get(), busy: false, ...failure });
  return result;
}
