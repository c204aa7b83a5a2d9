import { env, waitUntil } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createEdgeApp } from './app.ts';
import { SANDBOX_BASE } from './dev/sandbox/constants.ts';
import { apiGroups } from './http/api-groups.ts';
import { pathUnder } from './lib/api-paths.ts';
import { call } from './test-helpers.ts';

/** The app with a stand-in for the Astro pages, as src/fetch.ts composes it. */
const site = createEdgeApp(async (c) => c.text('страница'));
const context = {
  waitUntil,
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;
const open = (path: string, init: RequestInit = {}) =>
  site.fetch(new Request(`http://localhost:8787${path}`, init), env, context);
const groups = apiGroups(site);

describe('API namespaces', () => {
  it('answer 404 in the error envelope for unknown paths under every API prefix, never a page', async () => {
    const prefixes = groups.filter((group) => group.api).map((group) => group.prefix);
    expect(prefixes).toContain('/auth');
    for (const prefix of prefixes)
      for (const path of [`${prefix}/no/such/route`, `${prefix}/no/such/route/`]) {
        const res = await open(path);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await res.json()).toEqual({
          message: 'Не найдено',
          details: { reason: 'not_found' },
        });
      }
  });

  it('leave every other path to the pages: the sign-in screen, media, look-alikes', async () => {
    const media = groups
      .filter((group) => !group.api)
      .map((group) => `${group.prefix}/no/such/route`);
    for (const path of ['/series', '/auth', '/apix', '/dev/outbox', ...media]) {
      const res = await open(path);
      expect(await res.text(), path).toBe('страница');
    }
  });

  it('mount every route in a group, the development fakes too', async () => {
    const prefixes = groups.map((group) => group.prefix);
    const outside = site.routes
      .map((route) => route.path)
      .filter((path) => path !== '*' && path !== '/*' && !pathUnder(path, prefixes));
    expect(outside).toEqual([]);
    expect(prefixes).toContain(SANDBOX_BASE);
  });

  it('refuse a body above its group’s limit with 413 in Russian before reading it', async () => {
    const limited = groups.filter((group) => group.bodyLimitKb);
    expect(limited.length).toBeGreaterThan(0);
    for (const { prefix, bodyLimitKb } of limited) {
      const body = JSON.stringify({ note: 'a'.repeat(bodyLimitKb! * 1024) });
      const res = await call(`${prefix}/no/such/route`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
        body,
      });
      expect(res.status, prefix).toBe(413);
      expect(await res.json()).toEqual({
        message: 'Слишком большой запрос',
        details: { reason: 'payload_too_large' },
      });
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
