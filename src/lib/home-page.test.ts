import { describe, expect, it } from 'vitest';
import type { ShelfDto, TitleCard } from '../../functions/domains/catalogue/index.ts';
import {
  carouselKindOf,
  continueFirst,
  distinctShelves,
  firstShelfCount,
  shelvesToShow,
} from './home-page.ts';

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

  it('puts continue watching first and keeps the order of the others', () => {
    const order = continueFirst(
      shelvesToShow([...shelves.slice(1), { ...shelves[0]!, items: [card] }], true),
    );
    expect(order.map((s) => s.id)).toEqual([1, 2, 4, 5]);
  });

  it('uses wide tiles for continue watching, episodes, blog posts and wide shelves, posters otherwise', () => {
    expect(shelves.map(carouselKindOf)).toEqual(['wide', 'poster', 'poster', 'poster', 'wide']);
    expect(carouselKindOf({ ...base, id: 6, kind: 'episodes', items: [] })).toBe('wide');
    expect(carouselKindOf({ ...base, id: 7, kind: 'blog', items: [] })).toBe('wide');
  });

  it('gives a kid home full shelves with no title twice, earlier shelves first', () => {
    const cards = (...ids: number[]) => ids.map((id) => ({ id }) as TitleCard);
    const kept = distinctShelves(
      [
        { name: 'А', items: cards(1, 2, 3, 4) },
        { name: 'Б', items: cards(2, 3, 5) },
        { name: 'В', items: cards(1, 6, 7, 8, 9) },
      ],
      3,
      2,
      new Set([9]),
    );
    expect(kept.map((s) => [s.name, s.items.map((c) => c.id)])).toEqual([
      ['А', [1, 2, 3]],
      ['В', [6, 7, 8]],
    ]);
  });
});

describe("the home page's first response", () => {
  const sized = (...counts: number[]) => counts.map((n) => ({ items: Array.from({ length: n }) }));

  it('carries shelves whole while their slides stay within 40, and always the first', () => {
    expect(firstShelfCount(sized(12, 24, 20, 20))).toBe(2);
    expect(firstShelfCount(sized(12, 12, 12, 12))).toBe(3);
    expect(firstShelfCount(sized(60, 5))).toBe(1);
    expect(firstShelfCount(sized(40, 1))).toBe(1);
    expect(firstShelfCount(sized(5))).toBe(1);
    expect(firstShelfCount([])).toBe(0);
  });
});
