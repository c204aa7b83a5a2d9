import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, recordMessages, signUp } from '../../functions/domains/auth/test-support.ts';
import { loadCatalogueFixture } from '../../functions/domains/catalogue/test-fixtures.ts';
import type { FavouriteItem } from '../../functions/domains/my/index.ts';
import { morePath, selectableList } from './selectable-list.ts';
import { clientOf } from './test-support.ts';

const messages = recordMessages();
const titled = (id: number) => ({ id, name: `Тайтл ${id}` });
const page = (ids: number[], next: string | null = null) => ({
  count: ids.length,
  next,
  previous: null,
  results: ids.map(titled),
});

describe('a selectable list', () => {
  it('offers EDIT only from VIEW with at least one item', () => {
    const list = selectableList((item: { id: number }) => item.id);
    list.init(page([]));
    list.startEdit();
    expect(list.$list.get().mode).toBe('VIEW');
    list.init(page([1]));
    list.startEdit();
    expect(list.$list.get().mode).toBe('EDIT');
  });

  it('checks nothing outside EDIT, and leaving EDIT unchecks everything', () => {
    const list = selectableList((item: { id: number }) => item.id);
    list.init(page([1, 2, 3]));
    list.toggleItem(2);
    list.selectAll();
    expect(list.checkedKeys(list.$list.get())).toEqual([]);
    list.startEdit();
    list.toggleItem(2);
    list.toggleItem(3);
    expect(list.checkedKeys(list.$list.get())).toEqual([2, 3]);
    expect(list.$list.get().isSelectAll).toBe(false);
    list.toggleItem(1);
    expect(list.$list.get().isSelectAll).toBe(true);
    list.stopEdit();
    expect(list.$list.get()).toMatchObject({ mode: 'VIEW', isSelectAll: false });
    expect(list.checkedKeys(list.$list.get())).toEqual([]);
  });

  it('ends a partly failed removal in VIEW with what went gone and the error open', () => {
    const list = selectableList((item: { id: string }) => item.id);
    list.init({
      count: 10,
      next: null,
      previous: null,
      results: ['a', 'b', 'c'].map((id) => ({ id })),
    });
    list.startEdit();
    list.selectAll();
    list.settle(new Set(['a', 'c']), true);
    const s = list.$list.get();
    expect(s).toMatchObject({ mode: 'VIEW', failed: true, count: 8, itemsIds: ['b'] });
    expect(Object.keys(s.items)).toEqual(['b']);
    expect(s.items.b?.checked).toBe(false);
    list.closeError();
    expect(list.$list.get().failed).toBe(false);
  });

  it('asks for the page that holds the first item not shown, after removals too', () => {
    expect(morePath('https://example.ru/favourites/?page=2&page_size=24', 24)).toBe(
      '/favourites/?page=2&page_size=24',
    );
    expect(morePath('/favourites/?page=2&page_size=24', 20)).toBe(
      '/favourites/?page=1&page_size=24',
    );
  });
});

describe('«Показать ещё» on a real list', () => {
  beforeAll(loadCatalogueFixture);

  it('appends the next page without the items already shown', async () => {
    const browser = new Browser('203.0.113.33');
    await signUp(browser, messages, 'more-favourites@mail.ru');
    for (const id of [1, 2, 4]) expect((await browser.post(`/favourites/${id}`)).status).toBe(204);
    const first = (await (await browser.fetch('/favourites/?page=1&page_size=2')).json()) as {
      count: number;
      next: string | null;
      previous: null;
      results: FavouriteItem[];
    };
    const list = selectableList((item: FavouriteItem) => item.id);
    list.init(first);

    expect(await list.loadMore(clientOf(browser))).toBe(true);
    const s = list.$list.get();
    expect(s.itemsIds).toHaveLength(3);
    expect(new Set(s.itemsIds).size).toBe(3);
    expect(s).toMatchObject({ count: 3, next: null, isWorking: false });
    expect(await list.loadMore(clientOf(browser))).toBe(false);
  });
});
