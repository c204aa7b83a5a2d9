import { expect, it } from 'vitest';
import { shelfSections } from './support/home-shelves.ts';
import { Visitor, watched } from './support/visitor.ts';

/**
 * The account's Durable Object writes a position to D1 at most once a minute (docs/decisions.md,
 * «Progress lives in the account's Durable Object»); the pages read it beside their D1 rows, so a
 * position sent a moment ago is what the home shelf, /my and /resume show.
 */

it('a position sent a moment ago shows on the home shelf, on /my and in /resume', async () => {
  const viewer = new Visitor();
  await viewer.signUp();
  const trailer = (
    (await (await viewer.fetch('/cms/content/trailers/?page_size=1')).json()) as {
      results: { id: number }[];
    }
  ).results[0]!;
  const duration = 4000;
  // The first position goes to D1 at once; the next, a moment later, waits in the object.
  await watched(viewer, { contentId: trailer.id, position: 400, duration });
  await watched(viewer, { contentId: trailer.id, position: 1000, duration });

  const home = await viewer.open('/');
  const tile = shelfSections(home)[0]!.querySelector(`a[href="/watch/${trailer.id}"]`)!;
  expect(
    tile.closest('.tile')!.querySelector('.tile__progress > span')!.getAttribute('style'),
  ).toBe('width: 25%');

  const hub = await viewer.open('/my');
  const card = hub.document.querySelector(`.my-hub__cw[data-content="${trailer.id}"]`)!;
  expect(card.querySelector('.card__progress > span')!.getAttribute('style')).toBe('width: 25%');

  const back = await viewer.fetch('/resume');
  expect(back.headers.get('location')).toBe(`/watch/${trailer.id}?play=1&t=1000`);
});
