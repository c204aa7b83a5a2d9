import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changedTables, fingerprint } from '../db/test-fingerprint.ts';
import { Browser, recordMessages, resetAccounts, signUp } from '../domains/auth/test-support.ts';
import { freshPaymentsState } from '../domains/billing/test-support.ts';
import { call, withoutWaiting } from '../test-helpers.ts';

/**
 * Security gates over the whole OpenAPI document: every documented operation answers with the
 * security headers, every state-changing one refuses another site, and the refusals of the app
 * itself (404, 405, 413, 429) carry the headers and the envelope too. The rate limits are each
 * proved in their domain's tests (listed in README «Gates»); the last test here trips them once
 * more, side by side, through the public API.
 */

const RUSSIAN = /[А-Яа-яЁё]/;
const SAMPLE: Record<string, string> = {
  id: '1',
  name: 'disable-dazn',
  list: 'movies',
  type: 'movie',
  number: '1',
  facet: 'genres',
  idOrSlug: 'amediateka',
  slug: 'main',
  kind: 'poster',
  file: '1.svg',
  provider: 'ya',
  token: 'x',
  rendition: '360p',
  episodeId: '1',
  contentId: '2',
  streamId: 'x',
};

function expectSecurityHeaders(res: Response, where: string) {
  const h = (name: string) => res.headers.get(name);
  expect(h('strict-transport-security'), where).toBe('max-age=31536000; includeSubDomains');
  expect(h('x-content-type-options'), where).toBe('nosniff');
  expect(h('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(h('x-frame-options'), where).toBe('DENY');
  const csp = h('content-security-policy') ?? '';
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toMatch(/script-src 'self'/);
  expect(csp, where).toContain("object-src 'none'");
}

async function expectEnvelope(res: Response, reason: string, where: string) {
  const body = (await res.json()) as { message: string; details: { reason: string } };
  expect(body.message, where).toMatch(RUSSIAN);
  expect(body.details.reason, where).toBe(reason);
}

interface Op {
  method: string;
  url: string;
  path: string;
}

describe('every response', () => {
  let ops: Op[] = [];
  let viewer: Browser;
  beforeAll(async () => {
    await resetAccounts();
    await freshPaymentsState();
    viewer = new Browser('198.51.100.90');
    await signUp(viewer, recordMessages(), 'headers@example.com');
    const doc = (await (await call('/api/openapi.json')).json()) as any;
    ops = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => {
        const url = path.replace(/\{(\w+)\}/g, (_, k: string) => SAMPLE[k] ?? '1');
        const required = (item[method].parameters ?? [])
          .filter((p: any) => p.in === 'query' && p.required)
          .map((p: any) => `${p.name}=1`);
        return {
          method: method.toUpperCase(),
          path,
          url: required.length ? `${url}?${required.join('&')}` : url,
        };
      }),
    );
    expect(ops.length).toBeGreaterThan(100);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('carries the security headers on every documented operation, guest and signed in', async () => {
    for (const op of ops)
      for (const who of [null, viewer]) {
        // Signing out would leave the rest of the run a guest's.
        if (who && /\/(logout|revoke-others)\/$|^\/auth\/sessions\/\{id\}/.test(op.path)) continue;
        const init: RequestInit = { method: op.method, redirect: 'manual' };
        if (!['GET', 'HEAD', 'DELETE'].includes(op.method)) {
          init.headers = { 'content-type': 'application/json' };
          init.body = '{}';
        }
        const res = who ? await who.fetch(op.url, init) : await call(op.url, init);
        const where = `${who ? 'viewer' : 'guest'} ${op.method} ${op.url} → ${res.status}`;
        expect(res.status, where).toBeLessThan(500);
        expectSecurityHeaders(res, where);
        await res.arrayBuffer();
      }
  });

  it('refuses every state-changing operation sent from another site, and changes nothing', async () => {
    const before = await fingerprint();
    let refused = 0;
    for (const op of ops) {
      if (op.method === 'GET' || op.method === 'HEAD') continue;
      // The acquirer's notifications come from its servers, not a browser (csrf.ts).
      if (op.path === '/billing/notifications/yookassa') continue;
      for (const foreign of <Record<string, string>[]>[
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        const res = await viewer.fetch(op.url, {
          method: op.method,
          headers: { 'content-type': 'application/json', ...foreign },
          body: op.method === 'DELETE' ? undefined : '{}',
        });
        const where = `${op.method} ${op.url} ${JSON.stringify(foreign)}`;
        expect(res.status, where).toBe(403);
        expectSecurityHeaders(res, where);
        await expectEnvelope(res, 'csrf', where);
        refused++;
      }
    }
    expect(changedTables(before, await fingerprint())).toEqual([]);
    expect(refused).toBeGreaterThan(150);
  });

  it("carries them on the app's own refusals too: 404, 405, 413", async () => {
    const cases: [string, RequestInit, number, string][] = [
      ['/api/nothing-here', {}, 404, 'not_found'],
      ['/cms/products/', { method: 'PUT', body: '{}' }, 405, 'method_not_allowed'],
      [
        '/auth/email/sign_in/',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(9000) },
        413,
        'payload_too_large',
      ],
    ];
    for (const [url, init, status, reason] of cases) {
      const res = await call(url, init);
      expect(res.status, url).toBe(status);
      expectSecurityHeaders(res, url);
      await expectEnvelope(res, reason, url);
    }
  });

  it('holds the sign-in, code and PIN limits: a 429 with Retry-After, in Russian, with the headers', async () => {
    const json = { 'content-type': 'application/json' };
    // Sign-in: five wrong passwords lock the address, even for the right one. The throttle's
    // growing delays pass on the fake clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const guesser = new Browser('198.51.100.91');
    for (let i = 0; i < 5; i++)
      await withoutWaiting(
        guesser.post('/auth/email/sign_in/', {
          email: 'headers@example.com',
          password: `wrong ${i}xx`,
        }),
      );
    let res = await guesser.post('/auth/email/sign_in/', {
      email: 'headers@example.com',
      password: 'correct horse 1',
    });
    const limited = async (what: string) => {
      expect(res.status, what).toBe(429);
      expect(Number(res.headers.get('retry-after')), what).toBeGreaterThan(0);
      expectSecurityHeaders(res, what);
      const body = (await res.json()) as { message: string };
      expect(body.message, what).toMatch(RUSSIAN);
    };
    await limited('sign-in lock');
    // Codes: a second SMS to the same number within the minute.
    const phone = new Browser('198.51.100.92');
    expect((await phone.post('/auth/phone/check/', { phone: '+79990001122' })).status).toBe(202);
    res = await phone.post('/auth/phone/check/', { phone: '+79990001122' });
    await limited('code resend');
    // PIN: five wrong PINs lock entry.
    const parent = new Browser('198.51.100.93');
    const { accountId: id } = await signUp(parent, recordMessages(), 'pin-limit@example.com');
    const set = await parent.fetch(`/auth/accounts/${id}/pin-code/set/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ pin: '1234' }),
    });
    expect([201, 409], `PIN set ${await set.clone().text()}`).toContain(set.status);
    for (let i = 0; i < 5; i++)
      await parent.fetch(`/auth/accounts/${id}/pin-code/check/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ pin: '0000' }),
      });
    res = await parent.fetch(`/auth/accounts/${id}/pin-code/check/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ pin: '1234' }),
    });
    await limited('PIN lock');
  });
});
