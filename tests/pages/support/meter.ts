import { expect } from 'vitest';
import type { Visitor } from './visitor.ts';

/** What the development meter (GET /dev/api/d1-meter) has counted so far, for the whole isolate. */
export interface Meter {
  roundTrips: number;
  rowsRead: number;
}

const meter = async (visitor: Visitor) =>
  (await (await visitor.fetch('/dev/api/d1-meter')).json()) as Meter;

/**
 * What one view of `path` costs by the meter's `count`: the meter before and after, the least of
 * three views. The meter counts the isolate, which here is this worker's: its files run one after
 * another, so no other test's requests land between two readings, and background work of earlier
 * views (an edge-cache copy being stored) only ever adds.
 */
export async function costOfView(
  visitor: Visitor,
  path: string,
  count: keyof Meter,
  headers: Record<string, string> = {},
) {
  const costs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = (await meter(visitor))[count];
    const res = await visitor.fetch(path, { headers });
    expect(res.status, path).toBe(200);
    await res.arrayBuffer();
    costs.push((await meter(visitor))[count] - before);
  }
  return Math.min(...costs);
}
