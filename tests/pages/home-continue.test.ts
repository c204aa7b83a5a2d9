import { expect, it } from 'vitest';
import { shelfSections } from './support/home-shelves.ts';
import { Visitor, watched, words } from './support/visitor.ts';

/** The first title of a catalogue list. */
async function firstOf(visitor: Visitor, list: 'series' | 'trailers') {
  const res = await visitor.fetch(`/cms/content/${list}/?page_size=1`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { id: number; name: string }[] }).results[0]!;
}

it('a viewer who started an episode and a film sees «Продолжить просмотр» first, as 16:9 frames with the episode, the minutes left and a progress bar', async () => {
  const viewer = new Visitor();
  await viewer.signUp();
  // A series' first episode and a trailer play free: no subscription needed to start them.
  const series = await firstOf(viewer, 'series');
  const seasons = (await (
    await viewer.fetch(`/cms/content/series/${series.id}/seasons/1/`)
  ).json()) as {
    episodes: { id: number }[];
  };
  // Positions before any clip's credits (past them the server counts the view as finished).
  const episode = { position: 12, duration: 12 + 24 * 60 + 20 };
  await watched(viewer, { contentId: series.id, episodeId: seasons.episodes[0]!.id, ...episode });
  const film = await firstOf(viewer, 'trailers');
  const movie = { position: 8, duration: 8 + 72 * 60 };
  await watched(viewer, { contentId: film.id, ...movie });

  const page = await viewer.open('/');
  expect(page.status).toBe(200);
  // First on the page under the hero: before every editors' shelf.
  const first = shelfSections(page)[0]!;
  expect(words(first.querySelector('h2'))).toBe('Продолжить просмотр');
  expect(first.getAttribute('data-carousel')).toBe('wide');
  const tiles = [...first.querySelectorAll('.carousel__slide')].map((slide) => ({
    href: slide.querySelector('a')!.getAttribute('href'),
    name: words(slide.querySelector('h3')),
    line: words(slide.querySelector('.tile__meta')),
    art: slide.querySelector('img')!,
    bar: slide.querySelector('.tile__progress > span')?.getAttribute('style'),
  }));
  const filmTile = tiles.find((t) => t.href === `/watch/${film.id}`)!;
  const episodeTile = tiles.find(
    (t) => t.href === `/watch/${series.id}?season=1&episode=1&play=1`,
  )!;
  expect(tiles.length).toBe(2);
  expect([filmTile.name, filmTile.line]).toEqual([film.name, 'осталось 1 ч 12 мин']);
  // 24 min 20 s left of the episode: whole minutes.
  expect([episodeTile.name, episodeTile.line]).toEqual([
    series.name,
    'Сезон 1, серия 1 · осталось 24 мин',
  ]);
  // A backdrop or a still in a 16:9 frame, never a poster.
  for (const t of tiles)
    expect(Number(t.art.getAttribute('width')) / Number(t.art.getAttribute('height'))).toBeCloseTo(
      16 / 9,
    );
  expect(filmTile.art.getAttribute('src')).toMatch(`/media/art/background/${film.id}-`);
  expect(episodeTile.art.getAttribute('src')).toMatch(/^\/media\/art\/still\//);
  // How much is watched, from the saved position.
  expect(filmTile.bar).toBe(`width: ${Math.round((movie.position / movie.duration) * 100)}%`);
  expect(episodeTile.bar).toBe(
    `width: ${Math.round((episode.position / episode.duration) * 100)}%`,
  );
  // Typeset: each number stays with its unit.
  const raw = first.querySelector(`a[href="/watch/${film.id}"]`)!.closest('.tile')!;
  expect(raw.querySelector('.tile__meta')!.textContent).toBe('осталось 1\u00a0ч\u00a012\u00a0мин');
});
