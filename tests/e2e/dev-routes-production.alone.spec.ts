import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// A second Worker on the same build with production's switches (ENVIRONMENT=production,
// DEV_ROUTES=false), started by this file alone: the development pages and API must not exist.
const port = Number(process.env.E2E_PORT ?? 8790) + 20;
const origin = `http://127.0.0.1:${port}`;
const persistTo = `.wrangler/e2e-production-${port}`;
let worker: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(persistTo, { recursive: true, force: true });
  execFileSync(
    'wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const args = [
    'dev',
    '--persist-to',
    persistTo,
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--show-interactive-dev-session=false',
  ];
  worker = spawn(
    'wrangler',
    [...args, '--var', 'ENVIRONMENT:production', '--var', 'DEV_ROUTES:false'],
    { stdio: 'ignore', detached: true },
  );
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the production-configured Worker did not start on ${origin}`);
});

test.afterAll(() => {
  // Its own process group: wrangler and the workerd it started stop together.
  if (worker?.pid) process.kill(-worker.pid, 'SIGTERM');
  rmSync(persistTo, { recursive: true, force: true });
});

test('in production configuration the outbox page and every /dev/api path answer 404', async ({
  request,
}) => {
  expect((await request.get(`${origin}/api/health`)).status()).toBe(200);
  for (const path of ['/dev/outbox', '/dev/outbox?to=%2B79991234567', '/dev/render-error']) {
    const res = await request.get(`${origin}${path}`);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'], path).toContain('text/html');
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
    const res = await request.get(`${origin}${path}`);
    expect(res.status(), path).toBe(404);
    expect(await res.json(), path).toEqual({
      message: 'Не найдено',
      details: { reason: 'not_found' },
    });
  }
  const post = await request.post(`${origin}/dev/api/outbox/`, {
    headers: { origin },
    data: { channel: 'sms', to: '+79991234567', text: 'x', purpose: 'sign_in_code' },
  });
  expect(post.status()).toBe(404);
  // The local identity provider is gone too, and social sign-in never falls back to it.
  expect(
    (
      await request.post(`${origin}/dev/oauth/ya/token`, {
        headers: { origin },
        form: { grant_type: 'authorization_code' },
      })
    ).status(),
  ).toBe(404);
  const social = await request.get(`${origin}/auth/socials/ya/sign-in`, { maxRedirects: 0 });
  expect(social.status()).toBe(302);
  expect(social.headers().location).toBe('/auth?socialError=provider_unavailable&social=ya');
});
