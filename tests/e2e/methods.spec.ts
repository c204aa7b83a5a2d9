import { expect, test } from '@playwright/test';

const refused = { message: 'Метод не поддерживается', details: { reason: 'method_not_allowed' } };

test.describe('methods a path does not take', () => {
  test('a script sending TRACE, PUT or DELETE to a page gets 405 with Allow: GET, HEAD, not the page', async ({
    request,
  }) => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['PUT', '/series'],
      ['DELETE', '/'],
    ]) {
      const res = await request.fetch(path, { method });
      expect(res.status(), `${method} ${path}`).toBe(405);
      expect(res.headers().allow).toBe('GET, HEAD');
      expect(await res.json()).toEqual(refused);
    }
    expect((await request.head('/series')).status()).toBe(200);
  });

  test('a page with its own form takes POST too; an API path lists its own methods', async ({
    request,
    baseURL,
  }) => {
    const page = await request.fetch('/settings/support', { method: 'PUT' });
    expect(page.status()).toBe(405);
    expect(page.headers().allow).toBe('GET, HEAD, POST');
    const api = await request.fetch('/auth/logout/', { method: 'GET' });
    expect(api.status()).toBe(405);
    expect(api.headers().allow).toBe('POST');
    // An unknown API path stays a 404 for a request the cross-site check lets through.
    const unknown = await request.fetch('/cms/nowhere/', {
      method: 'DELETE',
      headers: { origin: baseURL! },
    });
    expect(unknown.status()).toBe(404);
  });
});
