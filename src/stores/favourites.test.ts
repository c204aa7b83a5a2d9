import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, recordMessages, signUp } from '../../functions/domains/auth/test-support.ts';
import { loadCatalogueFixture } from '../../functions/domains/catalogue/test-fixtures.ts';
import type { FavouriteItem } from '../../functions/domains/my/index.ts';
import { $favourites, initFavourites, removeChecked, selectAll, startEdit } from './favourites.ts';
import { clientOf } from './test-support.ts';

const messages = recordMessages();

const item = (id: number) => ({ id, name: `Тайтл ${id}` }) as FavouriteItem;

describe('removing favourites from the list', () => {
  beforeAll(loadCatalogueFixture);

  it('removes a selection larger than one batch call takes, in parts, and ends in VIEW', async () => {
    const browser = new Browser('203.0.113.31');
    await signUp(browser, messages, 'many-favourites@mail.ru');
    for (const id of [1, 2, 4]) expect((await browser.post(`/favourites/${id}`)).status).toBe(204);
    // Everything «Показать ещё» could bring: the three real ones among many loaded pages.
    const ids = [1, 2, 4, ...Array.from({ length: 1_100 }, (_, i) => 10_000 + i)];
    initFavourites({ count: ids.length, next: null, previous: null, results: ids.map(item) });
    startEdit();
    selectAll();

    expect(await removeChecked(clientOf(browser))).toBe(true);
    expect($favourites.get()).toMatchObject({
      mode: 'VIEW',
      failed: false,
      count: 0,
      itemsIds: [],
    });
    const left = (await (await browser.fetch('/favourites/')).json()) as { count: number };
    expect(left.count).toBe(0);
  });
});
