import { type APIRequestContext, expect, test } from '@playwright/test';
import { sign } from 'hono/jwt';

/** The development signing key of wrangler.toml's [vars]; the e2e server runs with it. */
const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me';
const RETURNING = 'device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e';

const roundTrips = async (request: APIRequestContext) =>
  ((await (await request.get('/dev/api/d1-meter')).json()) as { roundTrips: number }).roundTrips;

/**
 * D1 round trips of one page view: the isolate's meter before and after. Other tests may run at
 * the same time and only ever add trips, so the least of three views is this page's own count.
 */
async function tripsOf(request: APIRequestContext, path: string, headers: Record<string, string>) {
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = await roundTrips(request);
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    await res.body();
    counts.push((await roundTrips(request)) - before);
  }
  return Math.min(...counts);
}

test('an uncached page costs at most two D1 round trips; a cached one none', async ({
  request,
}) => {
  const series = (await (await request.get('/cms/content/series/?page_size=1')).json()).results[0];
  const movie = (await (await request.get('/cms/content/movies/?page_size=1')).json()).results[0];
  const collection = (await (await request.get('/cms/showcases/collections/')).json()).results[0];
  const token = await sign(
    { hash: 'e2e', acc: 1, sub: 1, bil: 1, kid: false, exp: Math.floor(Date.now() / 1000) + 3600 },
    DEV_JWT_SECRET,
  );
  // A signed-in viewer's pages are never taken from the edge cache: every view renders.
  const signedIn = { cookie: `${RETURNING}; cookie_agreement=1; token=${token}` };
  const pages = [
    '/',
    '/series',
    '/movies?sort=rating',
    '/series?genre=drama&page=2',
    series.url,
    `${series.url}?season=2`,
    movie.url,
    '/tv',
    '/collections',
    `/collections/${collection.slug}`,
    '/search?query=город',
    '/search?query=город&page=3',
    '/search?query=сарок',
    '/search?query=cjhjr',
    '/faq',
    '/info/tos',
  ];
  const figures: Record<string, number> = {};
  for (const path of pages) figures[path] = await tripsOf(request, path, signedIn);
  test
    .info()
    .annotations.push({ type: 'D1 round trips per page', description: JSON.stringify(figures) });
  console.log('D1 round trips per uncached page:', figures);
  for (const [path, trips] of Object.entries(figures)) expect(trips, path).toBeLessThanOrEqual(2);

  const guest = { cookie: `${RETURNING}; cookie_agreement=1`, 'cf-ipcountry': 'RU' };
  await request.get(series.url, { headers: guest });
  await expect
    .poll(async () => (await request.get(series.url, { headers: guest })).headers()['x-edge-cache'])
    .toBe('HIT');
  expect(await tripsOf(request, series.url, guest)).toBe(0);
});
