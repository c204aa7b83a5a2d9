import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const ORIGIN = 'http://localhost:8787';
const refused = { message: 'Метод не поддерживается', details: { reason: 'method_not_allowed' } };

/** A request as a script sends it: no cookies, no Origin, no Sec-Fetch-Site. */
const script = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(new Request(new URL(path, ORIGIN), { redirect: 'manual', ...init }));

describe('methods a path does not take', () => {
  it('a script sending TRACE, PUT or DELETE to a page gets 405 with Allow: GET, HEAD, not the page', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['PUT', '/series'],
      ['DELETE', '/'],
    ] as const) {
      const res = await script(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.json()).toEqual(refused);
    }
    expect((await script('/series', { method: 'HEAD' })).status).toBe(200);
  });

  it('a page with its own form takes POST too; an API path lists its own methods', async () => {
    const page = await script('/settings/support', { method: 'PUT' });
    expect(page.status).toBe(405);
    expect(page.headers.get('allow')).toBe('GET, HEAD, POST');
    const api = await script('/auth/logout/', { method: 'GET' });
    expect(api.status).toBe(405);
    expect(api.headers.get('allow')).toBe('POST');
    // An unknown API path stays a 404 for a request the cross-site check lets through.
    const unknown = await script('/cms/nowhere/', {
      method: 'DELETE',
      headers: { origin: ORIGIN },
    });
    expect(unknown.status).toBe(404);
  });
});
