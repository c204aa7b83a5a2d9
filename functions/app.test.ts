import { describe, expect, it } from 'vitest';
import { call } from './test-helpers.ts';

describe('API namespaces', () => {
  it('answer 404 in the error envelope for unknown paths under every API prefix', async () => {
    for (const path of ['/api/unknown', '/cms/unknown/', '/auth/unknown/', '/billing/unknown', '/v2/unknown']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ message: 'Не найдено', details: { reason: 'not_found' } });
    }
  });
});
