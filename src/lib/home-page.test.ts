import { describe, expect, it } from 'vitest';
import type { ShelfDto } from '../../functions/domains/catalogue/showcase-dto.ts';
import { carouselKindOf, shelvesToShow } from './home-page.ts';

const base = { name: 'Полка', wide: false, partner: null, collection: null, collectionSlug: null };
const card = { id: 1 } as never;
const shelves: ShelfDto[] = [
  { ...base, id: 1, kind: 'cw', personal: true, items: [] },
  { ...base, id: 2, kind: 'editors', items: [card] },
  { ...base, id: 3, kind: 'partner', items: [] },
  { ...base, id: 4, kind: 'nw', personal: true, items: [card] },
  { ...base, id: 5, kind: 'editors', wide: true, items: [card] },
];

describe('home page shelves', () => {
  it('leaves out empty shelves, and personal ones for guests', () => {
    expect(shelvesToShow(shelves, false).map((s) => s.id)).toEqual([2, 5]);
    expect(shelvesToShow(shelves, true).map((s) => s.id)).toEqual([2, 4, 5]);
  });

  it('uses wide tiles for episodes, blog posts and wide shelves, posters otherwise', () => {
    expect(shelves.map(carouselKindOf)).toEqual(['poster', 'poster', 'poster', 'poster', 'wide']);
    expect(carouselKindOf({ ...base, id: 6, kind: 'episodes', items: [] })).toBe('wide');
    expect(carouselKindOf({ ...base, id: 7, kind: 'blog', items: [] })).toBe('wide');
  });
});
