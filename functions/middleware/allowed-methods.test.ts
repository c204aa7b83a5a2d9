import { env, waitUntil } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createEdgeApp } from '../app.ts';
import { call } from '../test-helpers.ts';

const refused = { message: 'Метод не поддерживается', details: { reason: 'method_not_allowed' } };

describe('API paths and methods', () => {
  it('a known path asked with a method none of its routes answers is a 405 listing the allowed ones', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/auth/account/', 'GET, HEAD'],
      ['GET', '/auth/logout/', 'POST'],
      ['POST', '/auth/users/7/', 'GET, HEAD, PATCH, DELETE'],
      ['DELETE', '/cms/products/', 'GET, HEAD'],
      ['TRACE', '/cms/search/', 'GET, HEAD'],
      ['PATCH', '/auth/email/check', 'GET, HEAD, POST'],
      ['OPTIONS', '/api/support/requests', 'POST'],
      ['POST', '/media/art/poster/default.svg', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await call(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(await res.json()).toEqual(refused);
    }
  });

  it('HEAD goes with GET, and an allowed method still reaches its route', async () => {
    expect((await call('/api/health', { method: 'HEAD' })).status).toBe(200);
    const signIn = await call('/auth/email/sign_in/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signIn.status).toBe(422);
  });

  it('an unknown API path stays a 404 whatever the method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await call('/cms/unknown/thing/', { method });
      expect(res.status, method).toBe(404);
      expect(res.headers.get('allow')).toBeNull();
    }
  });
});

/** The pages that ask isFormPost(Astro), as the build finds them (vitest.config.ts). */
declare const __FORM_PAGES__: string[];

describe('page paths and methods', () => {
  // Astro is not built for Worker tests: a stand-in page shows what reaches the pages, and the
  // pages that take POST are those the build finds asking isFormPost(Astro).
  const app = createEdgeApp(async (c) => c.text('страница'), {
    formPages: new Set(__FORM_PAGES__),
  });
  const context = {
    waitUntil,
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext;
  const page = (path: string, method: string) =>
    app.fetch(
      // As a page of the site sends it: the cross-site check comes after the method check.
      new Request(new URL(path, 'http://localhost:8787'), {
        method,
        headers: { origin: 'http://localhost:8787' },
      }),
      env,
      context,
    );

  it('pages answer GET and HEAD; other methods are a 405 with Allow: GET, HEAD', async () => {
    expect((await page('/', 'GET')).status).toBe(200);
    expect((await page('/series', 'HEAD')).status).toBe(200);
    for (const [method, path] of [
      ['TRACE', '/'],
      ['PUT', '/series'],
      ['DELETE', '/'],
      ['POST', '/series/'],
      ['PATCH', '/watch/12'],
    ] as const) {
      const res = await page(path, method);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.json()).toEqual(refused);
    }
  });

  it('a method nothing answers is a 405 before the cross-site check, with or without Origin', async () => {
    const res = await app.fetch(
      new Request('http://localhost:8787/', { method: 'TRACE' }),
      env,
      context,
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('pages with a form of their own also take its POST', async () => {
    for (const path of [
      '/auth',
      '/settings/support',
      '/settings/account',
      '/settings/devices',
      '/code',
    ]) {
      expect((await page(path, 'POST')).status, path).toBe(200);
      const put = await page(path, 'PUT');
      expect(put.status, path).toBe(405);
      expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    }
  });
});
