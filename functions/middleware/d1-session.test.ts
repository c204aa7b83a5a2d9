import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { resetAll, signedUp } from '../domains/parental/test-support.ts';
import { call, callWithVars, fromEdgeCache, RETURNING } from '../test-helpers.ts';

/**
 * Every request reads in one D1 session (docs/decisions.md, "Every request reads in one D1
 * session"). Locally there is one database, so where a session started is read from the
 * development header `x-dev-d1-session`. Fixture: film 2 (12+).
 */

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const started = (res: Response) => res.headers.get('x-dev-d1-session');
const bookmarkCookie = (res: Response) =>
  res.headers.getSetCookie().find((line) => line.startsWith('d1_bookmark='));

beforeAll(async () => {
  await resetAll();
  await loadCatalogueFixture();
});

describe('read-your-writes across requests', () => {
  it('a favourite added answers a bookmark, and the next request starts from it and sees the favourite', async () => {
    const { browser } = await signedUp('izbrannoe@example.ru', '203.0.113.61');
    const added = await browser.fetch('/favourites/2', { method: 'POST' });
    expect(added.status).toBe(204);
    const bookmark = added.headers.get('x-d1-bookmark');
    expect(bookmark).toMatch(BOOKMARK);
    const cookie = bookmarkCookie(added)!;
    expect(cookie.split(/;\s*/)).toEqual(
      expect.arrayContaining([`d1_bookmark=${bookmark}`, 'Max-Age=300', 'Path=/', 'HttpOnly']),
    );
    expect(cookie).toMatch(/SameSite=Lax/i);

    const read = await browser.fetch('/favourites/2');
    expect(started(read)).toBe('bookmark');
    expect(await read.json()).toEqual({ id: 2, status: true });
    // A request that only read hands back no bookmark.
    expect(read.headers.get('x-d1-bookmark')).toBeNull();
    expect(bookmarkCookie(read)).toBeUndefined();
  });

  it('an API client that sends the bookmark back as a header starts from it; a malformed one is ignored', async () => {
    const { browser } = await signedUp('zagolovok@example.ru', '203.0.113.62');
    const added = await browser.fetch('/favourites/2', { method: 'POST' });
    const bookmark = added.headers.get('x-d1-bookmark')!;
    browser.cookies.delete('d1_bookmark');

    const withHeader = await browser.fetch('/favourites/2', {
      headers: { 'x-d1-bookmark': bookmark },
    });
    expect(started(withHeader)).toBe('bookmark');
    expect(await withHeader.json()).toEqual({ id: 2, status: true });

    const forged = await browser.fetch('/favourites/2', {
      headers: { 'x-d1-bookmark': 'first-primary' },
    });
    expect(forged.status).toBe(200);
    expect(started(forged)).toBe('first-unconstrained');
  });
});

describe('guests read anywhere', () => {
  it('a guest’s CMS list starts unconstrained, sets no bookmark and is served from the edge cache next', async () => {
    const path = '/cms/content/movies/?page_size=21';
    const first = await call(path, { headers: RETURNING });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    expect(started(first)).toBe('first-unconstrained');
    expect(first.headers.get('x-d1-bookmark')).toBeNull();
    expect(first.headers.getSetCookie()).toEqual([]);
    await first.arrayBuffer();
    const hit = await fromEdgeCache(path, () => call(path, { headers: RETURNING }));
    expect(hit.headers.get('x-edge-cache')).toBe('HIT');
  });

  it('production names no session start, and still hands back the bookmark of a write', async () => {
    const production = { ENVIRONMENT: 'production', DEV_ROUTES: 'false' };
    const list = await callWithVars(production, '/cms/content/movies/?page_size=22', {
      headers: RETURNING,
    });
    expect(list.status).toBe(200);
    expect(started(list)).toBeNull();
    expect(list.headers.get('x-d1-bookmark')).toBeNull();

    const { browser } = await signedUp('prod@example.ru', '203.0.113.63');
    const added = await callWithVars(production, '/favourites/2', {
      method: 'POST',
      headers: { cookie: browser.header(), 'cf-connecting-ip': browser.ip },
    });
    expect(added.status).toBe(204);
    expect(added.headers.get('x-d1-bookmark')).toMatch(BOOKMARK);
    expect(started(added)).toBeNull();
  });
});
