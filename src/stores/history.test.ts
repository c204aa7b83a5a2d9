import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, recordMessages, signUp } from '../../functions/domains/auth/test-support.ts';
import { loadCatalogueFixture } from '../../functions/domains/catalogue/test-fixtures.ts';
import {
  $history,
  type HistoryPage,
  initHistory,
  removeChecked,
  startEdit,
  toggleItem,
} from './history.ts';
import { clientOf } from './test-support.ts';

const messages = recordMessages();

async function watched(profileId: number, titleId: number, episodeId: number, ago: number) {
  await env.DB.prepare(
    `INSERT INTO watch_progress (id, profile_id, title_id, episode_id, position, duration, updated_at)
     VALUES (?, ?, ?, ?, 30, 100, unixepoch() - ?)`,
  )
    .bind(crypto.randomUUID(), profileId, titleId, episodeId, ago)
    .run();
}

describe('removing history items from the list', () => {
  beforeAll(loadCatalogueFixture);

  it('removes an item whose episode is gone by itself, not the whole series', async () => {
    const browser = new Browser('203.0.113.32');
    const { userId } = await signUp(browser, messages, 'orphan-episode@mail.ru');
    await watched(userId, 1, 1, 300);
    // An episode since taken out of the catalogue (series 1 has episodes 1–5).
    await watched(userId, 1, 999, 200);
    const list = async () =>
      (await (await browser.fetch('/cms/content_experience/history/')).json()) as HistoryPage;
    initHistory(await list());
    const orphan = $history.get().itemsIds.find((k) => $history.get().items[k]!.episode === null);
    startEdit();
    toggleItem(orphan!);

    expect(await removeChecked(clientOf(browser))).toBe(true);
    expect($history.get()).toMatchObject({ mode: 'VIEW', failed: false, count: 1 });
    const left = await list();
    expect(left.results.map((r) => r.episode?.id)).toEqual([1]);
  });
});
