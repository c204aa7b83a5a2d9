import { exports } from 'cloudflare:workers';
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

  it('refuses a state-changing request with neither Origin nor Sec-Fetch-Site', async () => {
    // Each method on a route that answers it (another method would be a 405 first).
    for (const [method, path] of [
      ['POST', '/api/consent/cookies'],
      ['PATCH', '/auth/users/1/'],
      ['DELETE', '/auth/sessions/1/'],
    ] as const) {
      // Straight to the Worker: the test helpers send Origin as a browser would.
      const res = await exports.default.fetch(
        new Request(`http://localhost:8787${path}`, { method, redirect: 'manual' }),
      );
      expect(res.status, method).toBe(403);
      expect(await res.json()).toEqual({
        message: 'Запрос отклонён: он пришёл не с нашего сайта',
        details: { reason: 'csrf' },
      });
    }
  });

  it('lets a same-origin request without Origin through when Sec-Fetch-Site says so', async () => {
    const res = await exports.default.fetch(
      new Request('http://localhost:8787/api/consent/cookies', {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin' },
        redirect: 'manual',
      }),
    );
    expect(res.status).toBe(303);
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

describe('CSRF guard and server-to-server calls to the sandbox acquirer', () => {
  const basic = `Basic ${btoa('sandbox-shop:sandbox-secret-key')}`;
  /** Straight to the Worker, as a server's HTTP client sends it: no Origin, no Sec-Fetch-Site. */
  const serverCall = (path: string, headers: Record<string, string> = {}, body = '{}') =>
    exports.default.fetch(
      new Request(`http://localhost:8787${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        redirect: 'manual',
      }),
    );

  it('lets a Basic-auth call without a browser header reach the sandbox API v3', async () => {
    const res = await serverCall('/dev/yookassa/v3/payments', {
      authorization: basic,
      'idempotence-key': crypto.randomUUID(),
    });
    // Past the guard: the sandbox itself answers (a body without an amount is its 400).
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'error', code: 'invalid_request' });
  });

  it('still refuses the sandbox API without Basic auth, and its payer pages from another site', async () => {
    expect((await serverCall('/dev/yookassa/v3/payments')).status).toBe(403);
    const page = await serverCall('/dev/yookassa/checkout/any', {
      authorization: basic,
      origin: 'https://evil.example',
    });
    expect(page.status).toBe(403);
  });

  it("refuses a cross-site POST to the site's own endpoints even with Basic auth", async () => {
    for (const path of ['/api/consent/cookies', '/billing/checkout/', '/auth/email/sign_in/']) {
      const cases: Record<string, string>[] = [
        { authorization: basic },
        { authorization: basic, origin: 'https://evil.example' },
        { authorization: basic, 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of cases) {
        const res = await serverCall(path, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.json()).toEqual({
          message: 'Запрос отклонён: он пришёл не с нашего сайта',
          details: { reason: 'csrf' },
        });
      }
    }
  });
});
