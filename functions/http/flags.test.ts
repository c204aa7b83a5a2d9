import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

async function setFlag(name: string, enabled: boolean) {
  await env.DB.prepare(
    'INSERT INTO feature_flags (name, enabled) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET enabled = ?2',
  )
    .bind(name, enabled ? 1 : 0)
    .run();
}

describe('GET /api/client/features/{name}', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM feature_flags');
  });

  it('answers the value stored in D1, and a change in D1 is seen on the next call', async () => {
    await setFlag('disable-dazn', false);
    const first = await call('/api/client/features/disable-dazn', {
      headers: { token: 'anything' },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ name: 'disable-dazn', value: false });
    expect(first.headers.get('cache-control')).toBe('no-cache');

    await setFlag('disable-dazn', true);
    const second = await call('/api/client/features/disable-dazn');
    expect(await second.json()).toEqual({ name: 'disable-dazn', value: true });
  });

  it('answers 404 in the error envelope for an unknown flag', async () => {
    const res = await call('/api/client/features/no-such-flag');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Такого флага нет',
      details: { reason: 'flag_not_found' },
    });
  });

  it('answers 422 in Russian for a malformed name, never a 500', async () => {
    const res = await call('/api/client/features/BAD%20NAME!');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; details: { reason: string } };
    expect(body.details.reason).toBe('invalid_param');
    expect(body.message).toMatch(/[а-яё]/i);
  });
});
