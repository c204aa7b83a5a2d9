import { describe, expect, it } from 'vitest';
import { comboboxes } from './support/html-form.ts';
import { Visitor, words } from './support/visitor.ts';

interface Card {
  id: number;
  name: string;
  url: string;
}

const LABEL = 'Название, актёр или режиссёр';
const BROAD = 'город';

/** What the search API finds, eight at a time as the search box asks. */
async function search(visitor: Visitor, query: string) {
  const res = await visitor.fetch(`/cms/search/?query=${encodeURIComponent(query)}&page_size=8`);
  expect(res.status).toBe(200);
  return (await res.json()) as { count: number; results: Card[] };
}

async function list(visitor: Visitor, type: string) {
  const res = await visitor.fetch(`/cms/content/${type}/?page_size=60`);
  return ((await res.json()) as { results: Card[] }).results;
}

/** The live status messages a reader hears (a hidden one, like the empty toasts region, is not heard). */
const statuses = (document: Document) =>
  [...document.querySelectorAll('[role="status"]')]
    .filter((el) => !el.closest('[hidden]'))
    .map((el) => words(el));
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
const resultLinks = (document: Document) =>
  [...document.querySelectorAll('#search-results a.card__link')].map(
    (a) => a.getAttribute('href') ?? '',
  );

describe('search as you type', () => {
  it('without JavaScript the form still returns server results', async () => {
    const visitor = new Visitor();
    const title = (await list(visitor, 'series'))[0]!;
    const expected = await search(visitor, title.name);
    const { document } = await visitor.open('/search');
    // The server's form is a plain search field (the combobox comes with the island).
    expect(comboboxes(document).length).toBe(0);
    const form = document.querySelector('form[role="search"]')!;
    const label = form.querySelector('label')!;
    expect(words(label)).toBe(LABEL);
    const box = document.getElementById(label.getAttribute('for')!)!;
    expect(box.getAttribute('type')).toBe('search');
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/search']);
    // Enter submits the form: a GET of its one field.
    const results = await visitor.open(
      `/search?${new URLSearchParams({ [box.getAttribute('name')!]: title.name })}`,
    );
    expect(statuses(results.document)).toHaveLength(1);
    expect(statuses(results.document)[0]).toMatch(new RegExp(`^Нашлось ${expected.count}\\s`));
    expect(words(results.document.querySelector('.card'))).toContain(
      norm(expected.results[0]!.name),
    );
  });
});

describe('search results', () => {
  it('without JavaScript the «next» link pages through every result', async () => {
    const visitor = new Visitor();
    const expected = await search(visitor, BROAD);
    let path = `/search?query=${encodeURIComponent(BROAD)}`;
    const hrefs: string[] = [];
    for (let n = 1; ; n++) {
      const { document } = await visitor.open(path);
      expect(statuses(document), path).toHaveLength(1);
      expect(statuses(document)[0], path).toMatch(
        new RegExp(`^Нашлось ${expected.count}\\sрезультат`),
      );
      hrefs.push(...resultLinks(document));
      const next = document.querySelectorAll('a[rel="next"]');
      if (next.length === 0) break;
      expect(document.querySelectorAll('a[rel="prev"]').length, path).toBe(n > 1 ? 1 : 0);
      path = next[0]!.getAttribute('href')!;
      expect(new URL(path, 'http://x').searchParams.get('page')).toBe(String(n + 1));
    }
    expect(hrefs).toHaveLength(expected.count);
    expect(new Set(hrefs).size).toBe(expected.count);
    // An address past the last page keeps the count and leads back to the last page.
    const past = await visitor.open(`/search?query=${encodeURIComponent(BROAD)}&page=99`);
    expect(statuses(past.document)[0]).toMatch(new RegExp(`^Нашлось ${expected.count}\\s`));
    expect(past.document.querySelector('a[rel="prev"]')?.getAttribute('href')).toMatch(
      new RegExp(`page=${Math.ceil(expected.count / 24)}$`),
    );
  });

  it('a typo or the wrong keyboard layout still finds, and the page says what it searched', async () => {
    const visitor = new Visitor();
    const meant = await search(visitor, 'сорок');
    expect(meant.count).toBeGreaterThan(0);
    for (const typed of ['сарок', 'cjhjr']) {
      const { document } = await visitor.open(`/search?query=${encodeURIComponent(typed)}`);
      expect(statuses(document), typed).toHaveLength(1);
      expect(statuses(document)[0], typed).toMatch(
        new RegExp(`^Нашлось ${meant.count}\\sрезультат`),
      );
      expect(words(document.querySelector('main')), typed).toContain(
        'Показаны результаты по запросу «сорок»',
      );
      expect(words(document.querySelector('#search-results .card')), typed).toContain(
        norm(meant.results[0]!.name),
      );
    }
  });
});
