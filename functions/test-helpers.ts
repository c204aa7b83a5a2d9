import { env, exports, waitUntil, withEnv } from 'cloudflare:workers';
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

/** Sends a request to the Worker under test, as a browser on this site would. */
export function call(
  path: string,
  init: RequestInit & { country?: string } = {},
): Promise<Response> {
  return exports.default.fetch(request(path, init));
}

let app: ReturnType<typeof createEdgeApp> | undefined;
const context = {
  waitUntil,
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;

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
