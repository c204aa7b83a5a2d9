import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { clientProof, provenClient } from '../lib/client-proof.ts';
import { callWithVars } from '../test-helpers.ts';

const SECRET = 'test-upstream-secret-of-45-characters-0123456';

/** Where the edge Worker itself runs, as Cloudflare tells its upstream: a Russian address. */
const EDGE = { ip: '198.51.100.200', country: 'RU' };

/** This Worker as the upstream: no upstream of its own, the secret an edge proves itself with. */
const UPSTREAM = { API_URL: '', CONTENT_URL: '', BILLING_URL: '', UPSTREAM_SECRET: SECRET };

/**
 * The network between an edge and a copy of this Worker at http://worker.test, as Cloudflare is:
 * the copy sees the edge's own address and country in CF-Connecting-IP and CF-IPCountry, whatever
 * the edge wrote there.
 */
async function withWorkerUpstream(run: () => Promise<void>) {
  const network = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.host !== 'worker.test') return network(request);
    const headers = new Headers(request.headers);
    headers.set('cf-connecting-ip', EDGE.ip);
    headers.set('cf-ipcountry', EDGE.country);
    // The copy believes it is at the site's own origin, as a deployed copy believes its own.
    if (headers.has('origin')) headers.set('origin', 'http://localhost:8787');
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    return callWithVars(UPSTREAM, url.pathname + url.search, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
    });
  };
  try {
    await run();
  } finally {
    globalThis.fetch = network;
  }
}

const viaEdge = (path: string, init: RequestInit & { country?: string } = {}) =>
  callWithVars({ API_URL: 'http://worker.test', UPSTREAM_SECRET: SECRET }, path, init);

const signIn = (send: typeof viaEdge, ip: string, email: string, headers = {}) =>
  send('/auth/email/sign_in/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip, ...headers },
    body: JSON.stringify({ email, password: 'password1' }),
  });

const direct = (path: string, init: RequestInit & { country?: string } = {}) =>
  callWithVars(UPSTREAM, path, init);

const reasonOf = async (res: Response) =>
  ((await res.json()) as { details: { reason: string } }).details.reason;

/** A CIS-only title (Paramount+): refused outside the CIS (docs/product.md, «Who may see what»). */
const CIS_ONLY = '/cms/content/movie/7/';

describe('an upstream behind an edge that proves itself with UPSTREAM_SECRET', () => {
  beforeAll(async () => {
    await loadCatalogueFixture();
    await env.DB.prepare('DELETE FROM rate_limits').run();
  });

  it('gives two viewers coming through the edge separate sign-in allowances', async () => {
    await withWorkerUpstream(async () => {
      for (let i = 0; i < 30; i++)
        expect((await signIn(viaEdge, '203.0.113.10', `spray${i}@mail.ru`)).status).toBe(401);
      const limited = await signIn(viaEdge, '203.0.113.10', 'anna@mail.ru');
      expect(limited.status).toBe(429);
      expect(await reasonOf(limited)).toBe('rate_limited');
      // Another viewer behind the same edge still has the whole allowance.
      expect((await signIn(viaEdge, '203.0.113.11', 'anna@mail.ru')).status).toBe(401);
    });
  }, 60_000);

  it('counts a direct request with forged viewer headers against its own address unless the proof is right', async () => {
    // 203.0.113.10 spent its allowance through the edge above; it names another address here.
    const forged = { 'x-client-ip': '203.0.113.12', 'x-client-country': 'RU' };
    const stale = await clientProof(
      SECRET,
      '203.0.113.12',
      'RU',
      Math.floor(Date.now() / 1000) - 600,
    );
    for (const proof of [
      undefined,
      'not-a-proof',
      await clientProof('another-secret', '203.0.113.12', 'RU'),
      stale,
      // A proof of another address is no proof of this one.
      await clientProof(SECRET, '203.0.113.13', 'RU'),
    ]) {
      const headers = proof ? { ...forged, 'x-client-proof': proof } : forged;
      const res = await signIn(direct, '203.0.113.10', 'anna@mail.ru', headers);
      expect(res.status, `proof ${proof}`).toBe(429);
    }
    const proven = await signIn(direct, '203.0.113.10', 'anna@mail.ru', {
      ...forged,
      'x-client-proof': await clientProof(SECRET, '203.0.113.12', 'RU'),
    });
    expect(proven.status).toBe(401);
  });

  it('refuses a CIS-only title to a German viewer through an edge in Russia, and shows it to a Kazakh one', async () => {
    await withWorkerUpstream(async () => {
      const german = await viaEdge(CIS_ONLY, { country: 'DE' });
      expect(german.status).toBe(403);
      expect(await reasonOf(german)).toBe('region_restricted');
      expect((await viaEdge(CIS_ONLY, { country: 'KZ' })).status).toBe(200);
    });
  });

  it('judges a direct request by its own country whatever country it claims without the right proof', async () => {
    const claim = { 'x-client-country': 'KZ' };
    for (const proof of [
      undefined,
      'not-a-proof',
      await clientProof('another-secret', '', 'KZ'),
      await clientProof(SECRET, '', 'KZ', Math.floor(Date.now() / 1000) - 600),
    ]) {
      const headers = proof ? { ...claim, 'x-client-proof': proof } : claim;
      const res = await direct(CIS_ONLY, { headers, country: 'DE' });
      expect(res.status, `proof ${proof}`).toBe(403);
    }
    const proven = await direct(CIS_ONLY, {
      headers: { ...claim, 'x-client-proof': await clientProof(SECRET, '', 'KZ') },
      country: 'DE',
    });
    expect(proven.status).toBe(200);
    // Without a secret of its own the upstream believes no proof at all, as before there was one.
    const unconfigured = await callWithVars({ ...UPSTREAM, UPSTREAM_SECRET: '' }, CIS_ONLY, {
      headers: { ...claim, 'x-client-proof': await clientProof(SECRET, '', 'KZ') },
      country: 'DE',
    });
    expect(unconfigured.status).toBe(403);
    // Nor with a secret short enough to guess from a proof seen in a log, though both sides share it.
    const short = 'short-secret';
    const weak = await callWithVars({ ...UPSTREAM, UPSTREAM_SECRET: short }, CIS_ONLY, {
      headers: { ...claim, 'x-client-proof': await clientProof(short, '', 'KZ') },
      country: 'DE',
    });
    expect(weak.status).toBe(403);
  });
});

describe('an edge with UPSTREAM_SECRET', () => {
  /** The echo upstream (tests/upstream/echo-upstream.js) tells what reached it. */
  const toEcho = (vars: Record<string, string>, init: RequestInit & { country?: string }) =>
    callWithVars({ API_URL: 'http://upstream.test', ...vars }, '/auth/account/', init);
  const forged = {
    'cf-connecting-ip': '203.0.113.20',
    'x-client-ip': '192.0.2.1',
    'x-client-country': 'RU',
    'x-client-proof': '1795000000.forged',
  };

  it('drops the viewer headers and proof a client wrote and sends its own, proven', async () => {
    const res = await toEcho({ UPSTREAM_SECRET: SECRET }, { headers: forged, country: 'DE' });
    const { headers } = (await res.json()) as { headers: Record<string, string> };
    expect(headers['x-client-proof']).not.toBe(forged['x-client-proof']);
    expect(await provenClient(new Headers(headers), SECRET)).toEqual({
      ip: '203.0.113.20',
      country: 'DE',
    });
  });

  it('passes no proof on when it has no secret, not even the client’s', async () => {
    const res = await toEcho({}, { headers: forged, country: 'DE' });
    const { headers } = (await res.json()) as { headers: Record<string, string> };
    expect(headers['x-client-proof']).toBeUndefined();
    expect(headers['x-client-ip']).toBe('203.0.113.20');
  });
});
