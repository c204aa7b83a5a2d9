import { describe, expect, it } from 'vitest';
import { costOfView } from './support/meter.ts';
import { Visitor } from './support/visitor.ts';

// D1 round trips of a page view, by the development meter (support/meter.ts).
const tripsOf = (visitor: Visitor, path: string, headers?: Record<string, string>) =>
  costOfView(visitor, path, 'roundTrips', headers);

const api = new Visitor();
const first = async (path: string) =>
  (
    (await (await api.fetch(path)).json()) as {
      results: { id: number; url: string; slug: string }[];
    }
  ).results[0]!;
const series = await first('/cms/content/series/?page_size=1');
const movie = await first('/cms/content/movies/?page_size=1');
const collection = await first('/cms/showcases/collections/');
const RETURNING = '3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e';

describe('an uncached page costs at most two D1 round trips; a cached one none', () => {
  it.for([
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
    '/paywall/default',
  ])('%s, rendered for a signed-in viewer, costs at most two', async (path, { annotate }) => {
    // A signed-in viewer's pages are never taken from the edge cache: every view renders.
    const signedIn = await new Visitor().holdToken({ acc: 1, sub: 1, bil: 1 });
    signedIn.cookies.set('device_id', RETURNING);
    signedIn.cookies.set('cookie_agreement', '1');
    const trips = await tripsOf(signedIn, path);
    await annotate(`${path}: ${trips}`, 'D1 round trips per page');
    expect(trips, path).toBeLessThanOrEqual(2);
  });

  it.for([
    '/payment?id=1',
    '/payment?id=1&price=2&offer=new_user',
    '/payment?steps=three',
    `/payment?steps=three&contentId=${movie.id}`,
  ])('%s, for a viewer with a live session, costs at most two', async (path, { annotate }) => {
    // /payment sends a visitor without a live session to sign in: this one signs in for real.
    const viewer = await new Visitor().signInAsDemo('subscriber');
    viewer.cookies.set('device_id', RETURNING);
    viewer.cookies.set('cookie_agreement', '1');
    const trips = await tripsOf(viewer, path);
    await annotate(`${path}: ${trips}`, 'D1 round trips per page');
    expect(trips, path).toBeLessThanOrEqual(2);
  });

  it('a guest page answered from the edge cache costs none', async () => {
    const guest = new Visitor({ country: 'RU' });
    const headers = { cookie: `device_id=${RETURNING}; cookie_agreement=1` };
    await (await guest.fetch(series.url, { headers })).arrayBuffer();
    await expect
      .poll(async () => {
        const res = await guest.fetch(series.url, { headers });
        await res.arrayBuffer();
        return res.headers.get('x-edge-cache');
      })
      .toBe('HIT');
    expect(await tripsOf(guest, series.url, headers)).toBe(0);
  });
});
