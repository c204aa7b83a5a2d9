import { describe, expect, it } from 'vitest';
import { loosely } from './support/html-form.ts';
import { type Page, textsOf, Visitor } from './support/visitor.ts';

/** A returning browser (it holds a device id already), as most visitors are. */
const RETURNING = 'device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e';
const TOP_NAV = 'nav[aria-label="Разделы"] a';

describe('edge cache of guest pages', () => {
  it('a guest page is shared for a minute with stale-while-revalidate, and answered from the cache', async () => {
    const visitor = new Visitor();
    const headers = { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' };
    const first = await visitor.fetch('/series?sort=rating', { headers });
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
    );
    expect(first.headers.get('vary')).toContain('CF-IPCountry');
    const hit = await visitor.fromEdgeCache('/series?sort=rating', { headers });
    expect(await hit.text()).toContain('<h1');
    expect(hit.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
  });

  it('the TV pages follow the clock: half a minute fresh, half a minute stale at most', async () => {
    const visitor = new Visitor();
    const headers = { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' };
    const { results } = (await (await visitor.fetch('/cms/tv/channels/')).json()) as {
      results: { slug: string }[];
    };
    for (const path of ['/tv', `/tv/${results[0]!.slug}`]) {
      const res = await visitor.fetch(path, { headers });
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
      );
    }
  });

  it('region groups never share a copy: a world guest never gets the CIS menu', async () => {
    const path = '/movies?decade=1990';
    const cis = new Visitor({ country: 'KZ' });
    const cisHeaders = { cookie: RETURNING, 'cf-ipcountry': 'KZ' };
    await (await cis.fetch(path, { headers: cisHeaders })).arrayBuffer();
    // The CIS copy is in the cache before the world guest asks.
    await (await cis.fromEdgeCache(path, { headers: cisHeaders })).arrayBuffer();
    const cisPage = await cis.open(path, { headers: cisHeaders });
    expect(textsOf(cisPage.document, TOP_NAV).filter((t) => t === 'Paramount+')).toHaveLength(1);
    const world = new Visitor({ country: 'DE' });
    const worldPage = await world.open(path, { headers: { cookie: RETURNING } });
    expect(worldPage.status).toBe(200);
    expect(
      textsOf(worldPage.document, TOP_NAV).filter((t) => loosely('Paramount+').test(t)),
    ).toEqual([]);
  });

  it('a page from the cache carries the data block of its own visitor, not the first one’s', async () => {
    // A query of its own, so the copy the second visitor reads is the one made for the first.
    const path = `/movies?decade=1980&fresh=${crypto.randomUUID().slice(0, 8)}`;
    /** A returning visitor who accepted cookies: its pages may be shared (no cookie to set). */
    const returning = (country: string) => {
      const visitor = new Visitor({ country });
      visitor.cookies.set('device_id', crypto.randomUUID());
      visitor.cookies.set('cookie_agreement', '1');
      return visitor;
    };
    const dataBlock = (page: Page) =>
      JSON.parse(page.document.getElementById('app-config')?.textContent ?? '{}') as {
        geo: { country: string; ip: string };
        deviceId: string;
      };
    const first = returning('RU');
    const own = await first.open(path);
    expect(own.headers.get('x-edge-cache')).toBe('MISS');
    expect(dataBlock(own).geo.country).toBe('RU');
    expect(dataBlock(own).deviceId).toBe(first.cookies.get('device_id'));
    await (await first.fromEdgeCache(path)).arrayBuffer();

    const second = returning('KZ');
    const page = await second.open(path);
    expect(page.headers.get('x-edge-cache')).toBe('HIT');
    const config = dataBlock(page);
    expect(config.geo).toMatchObject({ country: 'KZ', ip: second.ip });
    expect(config.deviceId).toBe(second.cookies.get('device_id'));
    expect(page.html).not.toContain(first.cookies.get('device_id'));
  });

  it('signed-in and kid pages are never shared', async () => {
    const visitor = await new Visitor().holdToken();
    const page = await visitor.open('/series?sort=new');
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('x-edge-cache')).toBe('BYPASS');
    expect(textsOf(page.document, TOP_NAV).filter((t) => t === 'Избранное')).toHaveLength(1);
  });

  it('the cookie banner state is part of the key: a visitor who accepted never gets the banner from the cache', async () => {
    const visitor = new Visitor();
    const path = '/collections';
    const banner = { cookie: RETURNING, 'cf-ipcountry': 'RU' };
    await (await visitor.fetch(path, { headers: banner })).arrayBuffer();
    const withBanner = await visitor.fromEdgeCache(path, { headers: banner });
    expect(await withBanner.text()).toContain('data-cookie-banner');
    const accepted = await visitor.fetch(path, {
      headers: { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' },
    });
    expect(await accepted.text()).not.toContain('data-cookie-banner');
  });

  it('nothing of one guest enters the copy another guest gets: tracking parameters, IP, device id', async () => {
    const visitor = new Visitor();
    // A query of its own, so this test fills its own entry.
    const path = `/faq?from=${crypto.randomUUID().slice(0, 8)}`;
    const first = {
      cookie: 'device_id=11111111-2222-4333-8444-555555555555; cookie_agreement=1',
      'cf-ipcountry': 'RU',
      'cf-connecting-ip': '203.0.113.201',
    };
    const tracked = `${path}&utm_source=a&utm_campaign=spring&gclid=g1&admitad_uid=u1&advcake_params=p1`;
    const own = await visitor.fetch(tracked, { headers: first });
    expect(own.status).toBe(200);
    expect(await own.text()).not.toMatch(/utm_source=a|gclid=g1|admitad_uid|advcake_params/);

    // The copy in the cache is the one rendered for the first guest…
    await (await visitor.fromEdgeCache(tracked, { headers: first })).arrayBuffer();
    const second = { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' };
    const hit = await visitor.fetch(path, { headers: second });
    expect(hit.headers.get('x-edge-cache')).toBe('HIT');
    const html = await hit.text();
    // Parameters with their values: the page-view beacon names the utm cookies it reads, which is
    // code every page carries, not this guest's.
    for (const part of [
      'utm_source=',
      'utm_campaign=',
      'gclid',
      'admitad_uid',
      'advcake',
      'spring',
      '203.0.113.201',
    ])
      expect(html, part).not.toContain(part);
    expect(html).not.toContain('11111111-2222-4333-8444-555555555555');
    // The «Войти» link and the support form name the page everyone of this entry shares.
    expect(html).toContain(`/auth?backPath=${encodeURIComponent(path)}"`);
    expect(html).toContain(`name="page" value="${path.replace('&', '&amp;')}"`);
    expect(html).toContain(RETURNING.split('=')[1]!);
  });
});
