import { expect, it } from 'vitest';
import { Visitor, words } from './support/visitor.ts';

/**
 * Pages read D1 in one session per request (docs/decisions.md, "Every request reads in one D1
 * session"); locally one database, so where a session started is read from the development
 * header `x-dev-d1-session`.
 */

const RETURNING = 'device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e; cookie_agreement=1';
const unique = () => crypto.randomUUID().slice(0, 8);

it('a guest’s page starts unconstrained, sets no cookie and is shared from the edge cache', async () => {
  const guest = new Visitor();
  const path = `/series?sort=new&d1=${unique()}`;
  const first = await guest.fetch(path, { headers: { cookie: RETURNING } });
  expect(first.status).toBe(200);
  expect(first.headers.get('x-edge-cache')).toBe('MISS');
  expect(first.headers.get('x-dev-d1-session')).toBe('first-unconstrained');
  expect(first.headers.getSetCookie()).toEqual([]);
  await first.arrayBuffer();
  const hit = await guest.fromEdgeCache(path, { headers: { cookie: RETURNING } });
  expect(hit.headers.get('x-d1-bookmark')).toBeNull();
});

it('the page after a favourite is added starts from the bookmark and lists it', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`d1-${unique()}@example.ru`);
  // The day's first page tells the customer-marketing tool, which development keeps in D1: a write.
  await (await visitor.fetch('/my')).arrayBuffer();
  const res = await visitor.fetch('/cms/content/movies/?page_size=1&age=16');
  const [{ id }] = ((await res.json()) as { results: { id: number }[] }).results;
  const added = await visitor.fetch(`/favourites/${id}`, { method: 'POST' });
  expect(added.status).toBe(204);
  expect(visitor.cookies.get('d1_bookmark')).toBe(added.headers.get('x-d1-bookmark'));
  const page = await visitor.open('/my/favorite');
  expect(page.headers.get('x-dev-d1-session')).toBe('bookmark');
  expect(words(page.document.querySelector('main'))).toContain('В избранном: 1');
  // A page that only read hands back no bookmark, and stays out of shared caches as before.
  expect(page.headers.getSetCookie().filter((c) => c.startsWith('d1_bookmark='))).toEqual([]);
});
