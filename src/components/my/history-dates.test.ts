import { describe, expect, it } from 'vitest';
import { dayHeading, groupByDay } from './history-dates.ts';

describe('the history date headings (Moscow time)', () => {
  const now = new Date('2026-11-23T21:30:00Z'); // already the 24th in Moscow

  it('says «Сегодня» and «Вчера» by the Moscow calendar, then the day and month, with the year when not this one', () => {
    expect(dayHeading('2026-11-24', now)).toBe('Сегодня');
    expect(dayHeading('2026-11-23', now)).toBe('Вчера');
    expect(dayHeading('2026-11-12', now)).toBe('12 ноября');
    expect(dayHeading('2025-03-01', now)).toBe('1 марта 2025');
  });

  it('groups runs of the same Moscow day, newest first as given', () => {
    const groups = groupByDay(
      [
        { id: 'a', date: '2026-11-23T21:10:00Z' },
        { id: 'b', date: '2026-11-23T20:50:00Z' },
        { id: 'c', date: '2026-11-22T10:00:00Z' },
      ],
      now,
    );
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.id)])).toEqual([
      ['Сегодня', ['a']],
      ['Вчера', ['b']],
      ['22 ноября', ['c']],
    ]);
  });
});
