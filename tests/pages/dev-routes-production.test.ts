import { env, waitUntil, withEnv } from 'cloudflare:workers';
import { expect, it } from 'vitest';

/** The built Worker this project renders (vitest.config.ts), loaded here to run it with other vars. */
const BUILT_WORKER = '../../dist/server/entry.mjs';
const built = ((await import(/* @vite-ignore */ BUILT_WORKER)) as { default: ExportedHandler<Env> })
  .default;
const context = {
  waitUntil,
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;
const SITE = env.SITE_ORIGIN;

/**
 * A request to the same build with production's switches (ENVIRONMENT=production,
 * DEV_ROUTES=false) for this request only: `withEnv` changes what `cloudflare:workers` gives the
 * Worker's code, as a deployment with those vars would. Redirects are not followed.
 */
function inProduction(path: string, init: RequestInit = {}): Promise<Response> {
  const changed = { ...env, ENVIRONMENT: 'production', DEV_ROUTES: 'false' } as Env;
  const headers = new Headers(init.headers);
  if (init.method && init.method !== 'GET') headers.set('origin', SITE);
  const request = new Request(new URL(path, SITE), { redirect: 'manual', ...init, headers });
  return withEnv(changed, () =>
    built.fetch!(request as Request<unknown, IncomingRequestCfProperties>, changed, context),
  ) as Promise<Response>;
}

it('in production configuration the outbox page and every /dev/api path answer 404', async () => {
  expect((await inProduction('/api/health')).status).toBe(200);
  for (const path of ['/dev/outbox', '/dev/outbox?to=%2B79991234567', '/dev/render-error']) {
    const res = await inProduction(path);
    expect(res.status, path).toBe(404);
    expect(res.headers.get('content-type'), path).toContain('text/html');
    expect(await res.text(), path).not.toContain('Исходящие сообщения');
  }
  for (const path of [
    '/dev/api/outbox/',
    '/dev/api/outbox/?to=%2B79991234567',
    '/dev/api/d1-meter',
    '/dev/api/anything',
    '/dev/oauth/ya/authorize?client_id=local-ya',
    '/dev/oauth/vk/userinfo',
  ]) {
    const res = await inProduction(path);
    expect(res.status, path).toBe(404);
    expect(await res.json(), path).toEqual({
      message: 'Не найдено',
      details: { reason: 'not_found' },
    });
  }
  const post = await inProduction('/dev/api/outbox/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      channel: 'sms',
      to: '+79991234567',
      text: 'x',
      purpose: 'sign_in_code',
    }),
  });
  expect(post.status).toBe(404);
  // The local identity provider is gone too, and social sign-in never falls back to it.
  const token = await inProduction('/dev/oauth/ya/token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code' }),
  });
  expect(token.status).toBe(404);
  const social = await inProduction('/auth/socials/ya/sign-in');
  expect(social.status).toBe(302);
  expect(social.headers.get('location')).toBe('/auth?socialError=provider_unavailable&social=ya');
});
