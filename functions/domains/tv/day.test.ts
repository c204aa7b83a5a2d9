import { describe, expect, it } from 'vitest';
import { guideWindow } from './day.ts';

const day = [0, 10, 20, 30, 40, 50].map((startsAt) => ({ startsAt, endsAt: startsAt + 10 }));
const starts = (list: { startsAt: number }[]) => list.map((p) => p.startsAt);

describe("today's card on /tv (guideWindow)", () => {
  it('starts at the programme on air and shows the ones after it', () => {
    expect(starts(guideWindow(day, 15, 3))).toEqual([10, 20, 30]);
  });

  it('between two programmes starts at the next one', () => {
    const gap = [day[0]!, { startsAt: 30, endsAt: 40 }, { startsAt: 40, endsAt: 50 }];
    expect(starts(guideWindow(gap, 20, 2))).toEqual([30, 40]);
  });

  it('late in the day, with fewer to come, shows the last ones, the ended ones too', () => {
    expect(starts(guideWindow(day, 45, 3))).toEqual([30, 40, 50]);
    expect(starts(guideWindow(day, 75, 3))).toEqual([30, 40, 50]);
  });

  it('a short day is shown whole', () => {
    expect(starts(guideWindow(day.slice(0, 2), 5, 5))).toEqual([0, 10]);
    expect(guideWindow([], 5, 5)).toEqual([]);
  });
});
