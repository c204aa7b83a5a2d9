import { env, withEnv } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { config } from '../lib/config.ts';
import { call, callWithVars } from '../test-helpers.ts';

const PRODUCTION = { ENVIRONMENT: 'production', DEV_ROUTES: 'false' };
const json = { 'content-type': 'application/json' };
const message = (to: string, text: string) =>
  JSON.stringify({ channel: 'sms', to, text, purpose: 'sign_in_code' });

describe('development API: /dev/api/outbox/', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM outbox_messages');
  });

  it('POST stores a message (201 with its id); GET lists it, newest first, uncached', async () => {
    const first = await call('/dev/api/outbox/', {
      method: 'POST',
      headers: json,
      body: message('+79991234567', 'Код для входа в Амедиатеку: 111111.'),
    });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    await call('/dev/api/outbox/', {
      method: 'POST',
      headers: json,
      body: message('+79991234567', 'Код для входа в Амедиатеку: 222222.'),
    });

    const res = await call('/dev/api/outbox/?to=%2B79991234567&channel=sms');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { results } = (await res.json()) as { results: { id: string; text: string }[] };
    expect(results.map((m) => m.text)).toEqual([
      'Код для входа в Амедиатеку: 222222.',
      'Код для входа в Амедиатеку: 111111.',
    ]);
    expect(results[1]!.id).toBe(id);
    // Without the slash too (the app is not strict about it).
    expect((await call('/dev/api/outbox?limit=1')).status).toBe(200);
  });

  it('answers 422 in Russian for a bad filter or message, never a 500', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?channel=fax']) {
      const res = await call(`/dev/api/outbox/${query}`);
      expect(res.status, query).toBe(422);
      expect(((await res.json()) as { details: { reason: string } }).details.reason).toBe(
        'invalid_query',
      );
    }
    const res = await call('/dev/api/outbox/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        channel: 'email',
        to: 'ivan@example.ru',
        text: 'Без темы',
        purpose: 'x',
      }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/[а-яё]/i);
  });

  it('a POST from another site is refused like every state-changing request', async () => {
    const res = await call('/dev/api/outbox/', {
      method: 'POST',
      headers: { ...json, origin: 'https://evil.example' },
      body: message('+79991234567', 'x'),
    });
    expect(res.status).toBe(403);
  });
});

describe('development routes in production configuration', () => {
  it('dev routes are off in production even if DEV_ROUTES says true', async () => {
    expect(config().devRoutes).toBe(true);
    expect(
      await withEnv(
        { ...env, ENVIRONMENT: 'production', DEV_ROUTES: 'true' },
        () => config().devRoutes,
      ),
    ).toBe(false);
    expect(await withEnv({ ...env, DEV_ROUTES: 'false' }, () => config().devRoutes)).toBe(false);
  });

  it('every /dev/api path answers 404 in the error envelope, and nothing is stored', async () => {
    await env.DB.exec('DELETE FROM outbox_messages');
    // The same call with development's configuration reaches the route: the 404s below are the gate's.
    expect((await callWithVars({}, '/dev/api/outbox/')).status).toBe(200);
    const requests: [string, RequestInit][] = [
      ['/dev/api/outbox/', {}],
      ['/dev/api/outbox/?to=%2B79991234567', {}],
      ['/dev/api/outbox/', { method: 'POST', headers: json, body: message('+79991234567', 'x') }],
      ['/dev/api/d1-meter', {}],
      ['/dev/api/unknown', {}],
    ];
    for (const [path, init] of requests) {
      const res = await callWithVars(PRODUCTION, path, init);
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Не найдено', details: { reason: 'not_found' } });
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM outbox_messages').first('n')).toBe(0);
  });

  it('an unknown /dev/api path is a JSON 404 in development too', async () => {
    const res = await call('/dev/api/unknown');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
