import { env, exports, waitUntil, withEnv } from 'cloudflare:workers';
import { vi } from 'vitest';
import { createEdgeApp } from './app.ts';

const ORIGIN = 'http://localhost:8787';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request as a browser on this site sends it: state-changing methods carry Origin (the CSRF
 * guard refuses them without it) unless the test sets Origin or Sec-Fetch-Site itself.
 */
function request(path: string, init: RequestInit & { country?: string }): Request {
  const headers = new Headers(init.headers);
  if (init.country) headers.set('cf-ipcountry', init.country);
  const method = (init.method ?? 'GET').toUpperCase();
  if (!SAFE_METHODS.has(method) && !headers.has('origin') && !headers.has('sec-fetch-site'))
    headers.set('origin', ORIGIN);
  return new Request(new URL(path, ORIGIN), { ...init, headers });
}

/**
 * Sends a request to the Worker under test, as a browser on this site would. With fake timers on,
 * the Worker answers in the test's own context (as `callWithEnv` does), where the fake clock can
 * wake its timers: a timer of another request's context cannot be run from the test's.
 */
export function call(
  path: string,
  init: RequestInit & { country?: string } = {},
): Promise<Response> {
  if (vi.isFakeTimers()) return callWithEnv({}, path, init);
  return exports.default.fetch(request(path, init));
}

let app: ReturnType<typeof createEdgeApp> | undefined;
/** What the requests of `callWithEnv` handed to their execution context's `waitUntil`. */
const handedOver: Promise<unknown>[] = [];
const context = {
  waitUntil(work: Promise<unknown>) {
    handedOver.push(work);
    waitUntil(work);
  },
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;

/**
 * Waits until what the requests of `callWithEnv` (and `callWithVars`) handed to their execution
 * context's `waitUntil` is done, e.g. an error report's delivery: after it, what they left for later
 * has happened or never will. Work the Worker hands to the `waitUntil` of `cloudflare:workers`
 * instead (the edge cache's copy, messages, marketing calls) is not covered: see `eventually`.
 */
export async function afterResponses(): Promise<void> {
  while (handedOver.length > 0) await Promise.allSettled(handedOver.splice(0));
}

/**
 * As `call`, with some vars changed for this request only (`withEnv`), e.g. production's
 * configuration. The app runs in the test's own context, so `config()` sees the change.
 * @example await callWithVars({ ENVIRONMENT: 'production', DEV_ROUTES: 'false' }, '/dev/api/outbox/')
 */
export function callWithVars(
  vars: Record<string, string>,
  path: string,
  init: RequestInit & { country?: string } = {},
): Promise<Response> {
  return callWithEnv(vars, path, init);
}

/**
 * As `callWithVars`, with any binding changed too (e.g. a D1 that is down).
 * @example await callWithEnv({ DB: failingD1(env.DB, { all: true }).db }, '/cms/products/')
 */
export async function callWithEnv(
  changes: Partial<Env> | Record<string, unknown>,
  path: string,
  init: RequestInit & { country?: string } = {},
): Promise<Response> {
  app ??= createEdgeApp();
  const changed = { ...env, ...changes } as Env;
  return (await withEnv(changed, () =>
    app!.fetch(request(path, init), changed, context),
  )) as Response;
}

/** The cookie of a browser that has been here before (it already holds a device id). */
export const RETURNING = { cookie: 'device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e' } as const;

/**
 * Settles `work` while fake timers are on (`vi.useFakeTimers`): whenever a fake timer is pending
 * the clock jumps to the next one and runs it, so the Worker's waits (the sign-in throttle's
 * delays, the sandbox acquirer's stall) pass at once; otherwise real I/O (D1, R2, Durable Objects,
 * fetch) gets a turn through workerd's `scheduler.wait`, which vitest never fakes. Only for work
 * whose timers are waits: a timeout racing real I/O would fire before the I/O is done.
 * `vi.getMockedSystemTime()` tells how long the waits were.
 * @example const res = await withoutWaiting(browser.post('/auth/email/sign_in/', wrongPassword))
 */
export async function withoutWaiting<T>(work: Promise<T>): Promise<T> {
  let settled = false;
  work.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  while (!settled) {
    if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
    else await scheduler.wait(1);
  }
  return work;
}

/** The fake clock's milliseconds (fake timers on): how long the Worker's waits were in all. */
export const fakeNow = () => vi.getMockedSystemTime()!.getTime();

/**
 * The real clock, taken before any test fakes Date (vi.useFakeTimers fakes it by default); in
 * workerd it moves across I/O, which every turn of `eventually` is.
 */
const realNow = Date.now;

/**
 * The least Retry-After a lock of `window` seconds that began at or after `since` (the real
 * clock's milliseconds) may answer now: the window less the real seconds since, and one for
 * rounding. A bound from the time the test took, so a busy machine never fails it.
 * @example expect(retryAfter).toBeGreaterThanOrEqual(leastRetryAfter(900, before))
 */
export const leastRetryAfter = (window: number, since: number) =>
  window - Math.ceil((realNow() - since) / 1000) - 1;

/**
 * Waits for what the Worker does in the background (`waitUntil`: a cache copy, a report, a call to
 * the marketing tool) to show: asks `check` again after each turn of real I/O until it answers
 * something truthy, never sleeping a guessed time. Fails naming `what` once `ms` of real time have
 * passed: a deadline, not a count of tries, so a busy machine (each try slower, the background
 * work later) gets the same time as a quiet one.
 * @example const hit = await eventually('the cached copy', async () => (await isHit()) && res)
 */
export async function eventually<T>(
  what: string,
  check: () => T | Promise<T>,
  ms = 15_000,
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  const deadline = realNow() + ms;
  do {
    const answer = await check();
    if (answer) return answer as Exclude<T, false | 0 | '' | null | undefined>;
    await scheduler.wait(1);
  } while (realNow() < deadline);
  throw new Error(`${what}: not there after ${ms} ms of real time`);
}

/**
 * Asks again (`send`) until the edge cache answers (`X-Edge-Cache: HIT`): the Worker stores its
 * copy in the background, after the answer that made it.
 * @example const hit = await fromEdgeCache(path, () => call(path, { headers: RETURNING }))
 */
export function fromEdgeCache(what: string, send: () => Promise<Response>): Promise<Response> {
  return eventually(`${what} from the edge cache`, async () => {
    const res = await send();
    if (res.headers.get('x-edge-cache') === 'HIT') return res;
    await res.arrayBuffer();
    return null;
  });
}
