import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { d1 } from '../db/client.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call, RETURNING } from '../test-helpers.ts';
import { channelProgrammes, extendTvGuide, GUIDE_AHEAD, GUIDE_KEPT } from './tv-guide.ts';

const now = Math.floor(Date.now() / 1000);
const HOUR = 3600;

describe('the daily TV guide job', () => {
  beforeEach(async () => {
    await loadCatalogueFixture();
    await env.DB.batch([
      env.DB.prepare('DELETE FROM tv_channels'),
      env.DB.prepare(
        "INSERT INTO tv_channels (id, slug, name, position, age_rating) VALUES (1, 'novosti-24', 'Новости 24', 1, 16), (2, 'novyj-kanal', 'Новый канал', 2, 0)",
      ),
      // Channel 1's guide ended yesterday; one programme from three weeks ago is long past.
      env.DB.prepare(
        `INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name) VALUES (1, ${now - 21 * 86400}, ${now - 21 * 86400 + HOUR}, 'Старые новости'), (1, ${now - 26 * HOUR}, ${now - 25 * HOUR}, 'Вчерашние новости')`,
      ),
    ]);
  });

  it('continues every channel from its last programme to a week ahead, contiguous, and drops what is two weeks old', async () => {
    const { added, removed } = await extendTvGuide(d1(), now);
    expect(removed).toBe(1);
    expect(added).toBeGreaterThan(7 * 24);
    for (const channelId of [1, 2]) {
      const rows = await channelProgrammes(d1(), channelId);
      for (let i = 1; i < rows.length; i++)
        expect(rows[i]!.startsAt, `channel ${channelId} #${i}`).toBe(rows[i - 1]!.endsAt);
      expect(rows.at(-1)!.endsAt).toBeGreaterThanOrEqual(now + GUIDE_AHEAD);
      expect(rows[0]!.endsAt).toBeGreaterThan(now - GUIDE_KEPT);
    }
    expect((await channelProgrammes(d1(), 1))[0]!.name).toBe('Вчерашние новости');
  });

  it('does nothing the second time the same day', async () => {
    await extendTvGuide(d1(), now);
    const before = (await channelProgrammes(d1(), 1)).length;
    expect(await extendTvGuide(d1(), now)).toEqual({ added: 0, removed: 0 });
    expect((await channelProgrammes(d1(), 1)).length).toBe(before);
  });

  it('makes /cms/tv/channels/ answer what is on now after the guide had run out', async () => {
    await extendTvGuide(d1(), now);
    const res = await call('/cms/tv/channels/', { headers: RETURNING, country: 'DE' });
    const body = (await res.json()) as { results: { now: unknown; next: unknown }[] };
    expect(body.results.every((c) => c.now && c.next)).toBe(true);
  });
});
