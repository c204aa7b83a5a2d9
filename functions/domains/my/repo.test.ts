import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../access/index.ts';
import { nowWatchingSql } from './repo.ts';

const adult: Viewer = {
  account: '1',
  profile: '1',
  isKid: false,
  ageLimit: undefined,
  regionGroup: 'cis',
  device: 'desktop',
  ip: '203.0.113.40',
};

describe('the "now watching" shelf', () => {
  it('reads only the last day of watch_progress through its updated_at index, not every row', async () => {
    const q = nowWatchingSql(adult, Math.floor(Date.now() / 1000) - 86_400);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.text}`)
      .bind(...q.values)
      .all<{ detail: string }>();
    const progress = plan.results.map((r) => r.detail).filter((d) => /watch_progress/.test(d));
    expect(progress).toEqual([
      expect.stringMatching(/^SEARCH watch_progress USING INDEX \S+ \(updated_at>\?\)/),
    ]);
  });
});
