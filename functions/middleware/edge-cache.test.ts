import { env } from 'cloudflare:workers';
import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { openEdgeCache } from '../lib/edge-store.ts';
import { call, callWithEnv, fromEdgeCache, RETURNING } from '../test-helpers.ts';
import { cacheKey } from './edge-cache.ts';

const tokenCookie = async (claims: Record<string, unknown>) =>
  `token=${await sign({ hash: 'h', acc: 1, sub: 1, bil: 1, exp: Math.floor(Date.now() / 1000) + 600, ...claims }, env.JWT_SECRET!)}`;

const names = async (res: Response) =>
  ((await res.json()) as { results: { name: string }[] }).results.map((r) => r.name);

/** Renames a title behind the cache's back, as an editor would in the CMS. */
const rename = (id: number, name: string) =>
  env.DB.prepare('UPDATE titles SET name = ? WHERE id = ?').bind(name, id).run();

/** The cache keeps its copy in the background (waitUntil): ask until it answers from the cache. */
const untilCached = (path: string, init: RequestInit & { country?: string } = {}) =>
  fromEdgeCache(path, () => call(path, init));

describe('edge cache of CMS answers', () => {
  beforeAll(loadCatalogueFixture);

  it('answers a repeated guest request from the cache, with its ETag and original Cache-Control', async () => {
    const first = await call('/cms/content/movies/?page_size=11', { headers: RETURNING });
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    const body = await first.text();
    const hit = await untilCached('/cms/content/movies/?page_size=11', { headers: RETURNING });
    expect(await hit.text()).toBe(body);
    expect(hit.headers.get('cache-control')).toBe(
      'public, max-age=60, s-maxage=300, stale-while-revalidate=600',
    );
    expect(hit.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Number(hit.headers.get('age'))).toBeGreaterThanOrEqual(0);
    const revalidated = await call('/cms/content/movies/?page_size=11', {
      headers: { ...RETURNING, 'if-none-match': first.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
  });

  it('keeps serving the cached copy to guests after the CMS changes, while kid profiles always read D1', async () => {
    const path = '/cms/content/movies/?page_size=12';
    await call(path, { headers: RETURNING }).then((r) => r.arrayBuffer());
    await untilCached(path, { headers: RETURNING });
    await rename(2, 'Последнее лето (реставрация)');
    try {
      expect(await names(await call(path, { headers: RETURNING }))).toContain('Последнее лето');
      const kid = await call(path, {
        headers: { cookie: `${RETURNING.cookie}; ${await tokenCookie({ kid: true })}` },
      });
      expect(kid.headers.get('x-edge-cache')).toBe('BYPASS');
      expect(kid.headers.get('cache-control')).toBe('private, no-cache');
    } finally {
      await rename(2, 'Последнее лето');
    }
  });

  it('never lets region groups or sign-in states read each other’s copies', async () => {
    const path = '/cms/content/movies/?page_size=13';
    await call(path, { headers: RETURNING, country: 'RU' }).then((r) => r.arrayBuffer());
    await untilCached(path, { headers: RETURNING, country: 'KZ' });
    const other = await call(path, { headers: RETURNING, country: 'DE' });
    expect(other.headers.get('x-edge-cache')).toBe('MISS');
    const member = await call(path, {
      headers: { cookie: `${RETURNING.cookie}; ${await tokenCookie({})}` },
      country: 'RU',
    });
    expect(member.headers.get('x-edge-cache')).toBe('MISS');
  });

  it('never lets two deployed versions read each other’s copies', async () => {
    const path = '/cms/content/movies/?page_size=17';
    // The version metadata binding as two deployments of the Worker see it.
    const as = (id: string) => () =>
      callWithEnv({ CF_VERSION_METADATA: { id, tag: '', timestamp: '' } }, path, {
        headers: RETURNING,
      });
    const first = await as('version-a')();
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    await first.arrayBuffer();
    await (await fromEdgeCache(path, as('version-a'))).arrayBuffer();
    const next = await as('version-b')();
    expect(next.headers.get('x-edge-cache')).toBe('MISS');
    await next.arrayBuffer();
    await (await fromEdgeCache(path, as('version-b'))).arrayBuffer();
    const again = await as('version-a')();
    expect(again.headers.get('x-edge-cache')).toBe('HIT');
    await again.arrayBuffer();
  });

  it('ignores tracking parameters and the order of parameters in the key', async () => {
    await call('/cms/content/movies/?page_size=14&sort=new', { headers: RETURNING }).then((r) =>
      r.arrayBuffer(),
    );
    await untilCached('/cms/content/movies/?page_size=14&sort=new', { headers: RETURNING });
    const res = await call('/cms/content/movies/?sort=new&utm_source=yandex&page_size=14&gclid=x', {
      headers: RETURNING,
    });
    expect(res.headers.get('x-edge-cache')).toBe('HIT');
  });

  it('shares one copy between devices: the API client’s device and token parameters are not in the key', async () => {
    const device = (id: string) =>
      `/cms/content/movies/?page_size=2&deviceId=${id}&deviceModel=Chrome&os=Linux&platform=web&supportLive=true`;
    await call(device('a1'), { headers: RETURNING }).then((r) => r.arrayBuffer());
    await untilCached(device('a1'), { headers: RETURNING });
    const other = await call(`${device('b2')}&token=secret-b2`, { headers: RETURNING });
    expect(other.headers.get('x-edge-cache')).toBe('HIT');
    const plain = await call('/cms/content/movies/?page_size=2', { headers: RETURNING });
    expect(plain.headers.get('x-edge-cache')).toBe('HIT');
    await plain.arrayBuffer();
    // The shared copy's links carry nobody's device or token.
    const { next } = (await other.json()) as { next: string };
    expect(new URL(next).searchParams.get('page')).toBe('2');
    expect(next).not.toMatch(/deviceId|token|a1|platform/);
    const otherList = await call('/cms/content/movies/?page_size=1&deviceId=b2', {
      headers: RETURNING,
    });
    expect(otherList.headers.get('x-edge-cache')).toBe('MISS');
  });

  it('does not keep errors, and does not offer a shared cache an answer that sets a cookie', async () => {
    const missing = await call('/cms/content/movies/999999/', { headers: RETURNING });
    expect(missing.status).toBe(404);
    expect(
      (await call('/cms/content/movies/999999/', { headers: RETURNING })).headers.get(
        'x-edge-cache',
      ),
    ).toBe('MISS');
    const firstVisit = await call('/cms/content/movies/?page_size=15');
    expect(firstVisit.headers.getSetCookie().some((c) => c.startsWith('device_id='))).toBe(true);
    expect(firstVisit.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('serves a stale copy once and renders it again in the background (stale-while-revalidate)', async () => {
    const path = '/cms/content/movies/?page_size=16';
    const url = new URL(path, 'http://localhost:8787');
    // A copy stored 400 s ago: past s-maxage (300), within stale-while-revalidate (600).
    const stale = new Response(
      JSON.stringify({ count: 0, next: null, previous: null, results: [{ name: 'Старая копия' }] }),
      {
        headers: {
          'content-type': 'application/json',
          'cache-control': 'public, max-age=900',
          'x-edge-cache-control': 'public, max-age=60, s-maxage=300, stale-while-revalidate=600',
          'x-edge-stored-at': String(Math.floor(Date.now() / 1000) - 400),
        },
      },
    );
    await (await openEdgeCache()).put(cacheKey(url, 'cis.guest', 'cms'), stale);
    const served = await call(path, { headers: RETURNING });
    expect(served.headers.get('x-edge-cache')).toBe('STALE');
    expect(await names(served)).toEqual(['Старая копия']);
    const fresh = await untilCached(path, { headers: RETURNING });
    expect(await names(fresh)).toContain('Последнее лето');
  });
});
