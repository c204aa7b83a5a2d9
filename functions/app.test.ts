import { describe, expect, it } from 'vitest';
import { call } from './test-helpers.ts';

describe('API namespaces', () => {
  it('answer 404 in the error envelope for unknown paths under every API prefix', async () => {
    for (const path of [
      '/api/unknown',
      '/cms/unknown/',
      '/auth/unknown/',
      '/billing/unknown',
      '/v2/unknown',
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ message: 'Не найдено', details: { reason: 'not_found' } });
    }
  });
});

describe('operational routes', () => {
  it('GET /api/health answers without touching D1, never cached', async () => {
    const meter = async () =>
      ((await (await call('/dev/api/d1-meter')).json()) as { roundTrips: number }).roundTrips;
    const before = await meter();
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(await meter()).toBe(before);
  });

  it('the development D1 meter counts a batch as one round trip', async () => {
    const meter = async () =>
      ((await (await call('/dev/api/d1-meter')).json()) as { roundTrips: number }).roundTrips;
    const before = await meter();
    // A title's details are one batch of eight queries; a 404 for an unknown id is still one trip.
    expect((await call('/cms/content/movies/987654/')).status).toBe(404);
    expect(await meter()).toBe(before + 1);
  });
});
