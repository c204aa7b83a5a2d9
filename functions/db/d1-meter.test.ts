import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { resetAll, signedUp } from '../domains/parental/test-support.ts';
import { putFixtureMedia } from '../domains/playback/test-fixtures.ts';
import { subscribe } from '../domains/playback/test-support.ts';
import { call } from '../test-helpers.ts';
import { type MeterCounts, zero } from './d1-meter.ts';

/**
 * The development meter (GET /dev/api/d1-meter) counts D1 statements that read and that write,
 * the rows D1 answered and read, Durable Object calls and R2 reads, per kind of request.
 * Fixture: film 2 (12+, product 1).
 */

type Snapshot = MeterCounts & { kinds: Record<string, MeterCounts> };
const snapshot = async () => (await (await call('/dev/api/d1-meter')).json()) as Snapshot;
const NONE = zero();

/** What `work` cost, in all and for `kind`. */
async function cost(kind: string, work: () => Promise<unknown>) {
  const before = await snapshot();
  await work();
  const after = await snapshot();
  const diff = (a: MeterCounts, b: MeterCounts) =>
    Object.fromEntries(
      (Object.keys(NONE) as (keyof MeterCounts)[]).map((k) => [k, a[k] - b[k]]),
    ) as unknown as MeterCounts;
  return {
    total: diff(after, before),
    kind: diff(after.kinds[kind] ?? NONE, before.kinds[kind] ?? NONE),
  };
}

beforeAll(async () => {
  await resetAll();
  await loadCatalogueFixture();
  await putFixtureMedia();
});

describe('the development meter', () => {
  it('counts a favourite added as writes and a catalogue list as reads only, each under its kind', async () => {
    const { browser } = await signedUp('schyotchik@example.ru', '203.0.113.71');

    const added = await cost('api:favourites', async () => {
      expect((await browser.fetch('/favourites/2', { method: 'POST' })).status).toBe(204);
    });
    expect(added.kind.writes).toBeGreaterThanOrEqual(1);
    expect(added.kind.roundTrips).toBeGreaterThanOrEqual(1);
    expect(added.kind).toEqual(added.total);

    // A list not asked for before: the edge cache misses, D1 answers.
    const listed = await cost('api:cms', async () => {
      const res = await browser.fetch('/cms/content/movies/?page_size=5');
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    });
    expect(listed.kind.reads).toBeGreaterThanOrEqual(1);
    // The rows D1 answered the list and those it read for them.
    expect(listed.kind.rowsReturned).toBeGreaterThan(0);
    expect(listed.kind.rowsRead).toBeGreaterThan(0);
    expect(listed.kind.writes).toBe(0);
    expect(listed.kind.objectCalls).toBe(0);
  });

  it('counts the stream-limit object’s calls of a watch and a heartbeat', async () => {
    const { browser, accountId } = await signedUp('obekt@example.ru', '203.0.113.72');
    await subscribe(accountId, 1);
    let stream = '';
    const watched = await cost('api:watch', async () => {
      const res = await browser.fetch('/cms/content_experience/watches/2/');
      expect(res.status).toBe(200);
      stream = ((await res.json()) as { stream: { id: string } }).stream.id;
    });
    expect(watched.kind.objectCalls).toBeGreaterThanOrEqual(1);
    const beat = await cost('api:heartbeat', async () => {
      const res = await browser.fetch(`/cms/content_experience/streams/${stream}/heartbeat/`, {
        method: 'POST',
      });
      expect(res.status).toBe(204);
    });
    expect(beat.kind.objectCalls).toBeGreaterThanOrEqual(1);
    expect(beat.kind).toEqual(beat.total);
  });

  it('counts the media bucket’s reads of a playlist and a segment under media', async () => {
    const { browser, accountId } = await signedUp('r2-chtenie@example.ru', '203.0.113.73');
    await subscribe(accountId, 1);
    const res = await browser.fetch('/cms/content_experience/watches/2/');
    const { manifest } = (await res.json()) as { manifest: string };
    const master = await cost('media', async () => {
      const answer = await browser.fetch(manifest);
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    });
    expect(master.kind.r2Reads).toBeGreaterThanOrEqual(1);
    expect(master.kind).toEqual(master.total);
  });
});
