import { parseHTML } from 'linkedom';
import { expect } from 'vitest';
import type { Page, Visitor } from './visitor.ts';

/** The home page's shelves in order: whole carousels and later shelves (heading and links) alike. */
export const shelfSections = (page: Page) => [
  ...page.document.querySelectorAll('main section.shelf'),
];

/** A later shelf's fragment (`/home/shelves/{id}`), parsed, with its one carousel. */
export async function fragment(visitor: Visitor, path: string) {
  const response = await visitor.fetch(path);
  const html = await response.text();
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return { response, html, document: document as unknown as Document };
}

/**
 * Every shelf of the home page as a viewer with JavaScript ends up with: the first ones as the page
 * has them, each later one as the carousel its fragment brings (as it nears the viewport).
 * @example const shelves = await loadedShelves(visitor, await visitor.open('/'))
 */
export async function loadedShelves(visitor: Visitor, page: Page): Promise<Element[]> {
  const out: Element[] = [];
  for (const section of shelfSections(page)) {
    const path = section.getAttribute('data-later-shelf');
    if (!path) {
      out.push(section);
      continue;
    }
    const got = await fragment(visitor, path);
    expect(got.response.status, path).toBe(200);
    const found = got.document.querySelectorAll('section[data-carousel]');
    expect(found.length, path).toBe(1);
    out.push(found[0]!);
  }
  return out;
}
