import { describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

describe('CSRF guard', () => {
  it('refuses a form post from another site with 403 in the error envelope and sets nothing', async () => {
    const res = await call('/api/consent/cookies', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: 'Запрос отклонён: он пришёл не с нашего сайта',
      details: { reason: 'csrf' },
    });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('cookie_agreement='))).toBe(false);
  });

  it('refuses a cross-site request that only has Sec-Fetch-Site', async () => {
    const res = await call('/api/consent/cookies', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });

  it('lets a same-origin post through', async () => {
    const res = await call('/api/consent/cookies', {
      method: 'POST',
      headers: { origin: 'http://localhost:8787' },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
  });
});
