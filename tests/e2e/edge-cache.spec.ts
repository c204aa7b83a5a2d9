import { type APIRequestContext, expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';

/** A returning browser (it holds a device id already), as most visitors are. */
const RETURNING = 'device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e';

/** The edge keeps a page in the background after answering: ask until it comes from the cache. */
async function untilCached(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string>,
) {
  for (let i = 0; i < 40; i++) {
    const res = await request.get(path, { headers });
    if (res.headers()['x-edge-cache'] === 'HIT') return res;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} never came from the edge cache`);
}

test.describe('edge cache of guest pages', () => {
  test('a guest page is shared for a minute with stale-while-revalidate, and answered from the cache', async ({
    request,
  }) => {
    const headers = { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' };
    const first = await request.get('/series?sort=rating', { headers });
    expect(first.status()).toBe(200);
    expect(first.headers()['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
    );
    expect(first.headers().vary).toContain('CF-IPCountry');
    const hit = await untilCached(request, '/series?sort=rating', headers);
    expect(await hit.text()).toContain('<h1');
    expect(hit.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  });

  test('the TV pages follow the clock: half a minute fresh, half a minute stale at most', async ({
    request,
  }) => {
    const headers = { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' };
    const { results } = (await (await request.get('/cms/tv/channels/')).json()) as {
      results: { slug: string }[];
    };
    for (const path of ['/tv', `/tv/${results[0]!.slug}`]) {
      const res = await request.get(path, { headers });
      expect(res.status(), path).toBe(200);
      expect(res.headers()['cache-control'], path).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
      );
    }
  });

  test('region groups never share a copy: a world guest never gets the CIS menu', async ({
    browser,
    baseURL,
  }) => {
    const cis = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'KZ' } });
    const world = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'DE' } });
    try {
      for (const context of [cis, world])
        await context.addCookies([
          { name: 'device_id', value: RETURNING.split('=')[1]!, url: baseURL! },
        ]);
      const cisPage = await cis.newPage();
      await cisPage.goto('/movies?decade=1990');
      await cisPage.reload();
      await expect(
        cisPage
          .getByRole('navigation', { name: 'Разделы' })
          .getByRole('link', { name: 'Paramount+' }),
      ).toHaveCount(1);
      const worldPage = await world.newPage();
      await worldPage.goto('/movies?decade=1990');
      await expect(
        worldPage
          .getByRole('navigation', { name: 'Разделы' })
          .getByRole('link', { name: 'Paramount+' }),
      ).toHaveCount(0);
    } finally {
      await cis.close();
      await world.close();
    }
  });

  test('a page from the cache carries the data block of its own visitor, not the first one’s', async ({
    browser,
  }) => {
    const path = '/movies?decade=1980';
    const ids: string[] = [];
    for (const country of ['RU', 'KZ']) {
      const context = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': country } });
      const page = await context.newPage();
      const res = await page.goto(path);
      const config = JSON.parse((await page.locator('#app-config').textContent()) ?? '{}');
      expect(config.geo.country).toBe(country);
      const cookie = (await context.cookies()).find((c) => c.name === 'device_id');
      expect(config.deviceId).toBe(cookie?.value);
      ids.push(config.deviceId);
      if (country === 'KZ') expect(res?.headers()['x-edge-cache']).toMatch(/HIT|MISS/);
      await context.close();
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  test('signed-in and kid pages are never shared', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!);
    const res = await page.goto('/series?sort=new');
    expect(res?.headers()['cache-control']).toBe('private, no-cache');
    expect(res?.headers()['x-edge-cache']).toBe('BYPASS');
    await expect(
      page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Избранное' }),
    ).toHaveCount(1);
  });

  test('the cookie banner state is part of the key: a visitor who accepted never gets the banner from the cache', async ({
    request,
  }) => {
    const path = '/collections';
    const banner = { cookie: RETURNING, 'cf-ipcountry': 'RU' };
    await request.get(path, { headers: banner });
    const withBanner = await untilCached(request, path, banner);
    expect(await withBanner.text()).toContain('data-cookie-banner');
    const accepted = await request.get(path, {
      headers: { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' },
    });
    expect(await accepted.text()).not.toContain('data-cookie-banner');
  });

  test('nothing of one guest enters the copy another guest gets: tracking parameters, IP, device id', async ({
    request,
  }) => {
    // A query of its own, so this test fills its own entry.
    const path = `/faq?from=${Date.now().toString(36)}`;
    const first = {
      cookie: 'device_id=11111111-2222-4333-8444-555555555555; cookie_agreement=1',
      'cf-ipcountry': 'RU',
      'cf-connecting-ip': '203.0.113.201',
    };
    const tracked = `${path}&utm_source=a&utm_campaign=spring&gclid=g1&admitad_uid=u1&advcake_params=p1`;
    const own = await request.get(tracked, { headers: first });
    expect(own.status()).toBe(200);
    expect(await own.text()).not.toMatch(/utm_source=a|gclid=g1|admitad_uid|advcake_params/);

    // The copy in the cache is the one rendered for the first guest…
    await untilCached(request, tracked, first);
    const second = { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' };
    const hit = await request.get(path, { headers: second });
    expect(hit.headers()['x-edge-cache']).toBe('HIT');
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
