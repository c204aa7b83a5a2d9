import { describe, expect, it } from 'vitest';
import { type Page, Visitor } from './support/visitor.ts';

/**
 * A series with at least two seasons, the second with at least four episodes, as its page shows
 * them; `page` is its second season's page.
 */
async function seriesWithSeasons(visitor: Visitor) {
  const res = await visitor.fetch('/cms/content/series/?page_size=20');
  const { results } = (await res.json()) as { results: { url: string }[] };
  for (const { url } of results) {
    const page = await visitor.open(`${url}?season=2`);
    if (page.document.querySelectorAll('.season-tabs a').length < 2) continue;
    const episodes = page.document.querySelectorAll('[data-episodes] > li');
    if (episodes.length >= 4) return { url, last: episodes.length, page };
  }
  throw new Error('no series with two seasons and four episodes in the second');
}

/** The server's marks: the episode's play link is the current one, and it is the only one. */
function expectMarked(page: Page, id: string) {
  const { document } = page;
  expect(document.querySelector(`#${id} a[data-play]`)?.getAttribute('aria-current')).toBe('true');
  expect(document.querySelectorAll('[data-episodes] a[aria-current]').length).toBe(1);
  expect(document.querySelectorAll('[data-episodes] > li[data-current]').length).toBe(1);
  expect(document.querySelector(`#${id}`)?.hasAttribute('data-current')).toBe(true);
}

describe('series page', () => {
  it('without JavaScript the link to an episode also lands on it, marked', async () => {
    const visitor = new Visitor();
    const { url, last } = await seriesWithSeasons(visitor);
    // The fragment stays in the browser: the server answers the address before it.
    const page = await visitor.open(`${url}?season=2&episode=${last}`);
    expectMarked(page, `episode-2-${last}`);
  });

  it('a plain ?season=&episode= link leads to the episode, marked, the player hidden, and its play link asks to play it', async () => {
    const visitor = new Visitor();
    const { url, last } = await seriesWithSeasons(visitor);
    const page = await visitor.open(`${url}?season=2&episode=${last}`);
    expectMarked(page, `episode-2-${last}`);
    // It leads to the episode, so the player above does not start.
    expect(page.document.querySelector('#player')?.hasAttribute('hidden')).toBe(true);
    // The episode's own play link asks to play, so it plays.
    expect(
      page.document.querySelector(`#episode-2-${last} a[data-play]`)?.getAttribute('href'),
    ).toMatch(new RegExp(`\\?season=2&episode=${last}&play=1#player$`));
  });

  it('an episode a guest may play without a subscription says «Бесплатно», and only such', async () => {
    const visitor = new Visitor();
    const { url } = await seriesWithSeasons(visitor);
    const page = await visitor.open(url);
    const episodes = [...page.document.querySelectorAll('[data-episodes] > li')].slice(0, 3);
    const labelled = episodes.map((li) => /Бесплатно/.test(li.textContent ?? ''));
    const playable = await Promise.all(
      episodes.map(async (li) => {
        const id = li.querySelector('a[data-episode-id]')?.getAttribute('data-episode-id');
        const res = await visitor.fetch(`/cms/content_experience/watch_episode/${id}/`);
        // Access decides before the media are looked up (no clips here: a 503 is access given).
        return res.status !== 403;
      }),
    );
    expect(labelled).toEqual(playable);
    expect(labelled).toContain(true);
    expect(labelled).toContain(false);
  });

  it('episode dates carry the year', async () => {
    const { page } = await seriesWithSeasons(new Visitor());
    const metas = [...page.document.querySelectorAll('.episode__meta')].map(
      (m) => m.textContent ?? '',
    );
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta).toMatch(/^\d{1,2}\s[а-я]+\s\d{4} · \d+\sмин$/);
  });
});
