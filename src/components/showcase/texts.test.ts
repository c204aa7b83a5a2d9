import { describe, expect, it } from 'vitest';
import { typeset } from '../../../functions/lib/typeset.ts';
import { continueLine, timeLeft } from './texts.ts';

const plain = (text: string) => text.replaceAll('\u00a0', ' ');

describe('continue watching: what is left', () => {
  it('counts minutes from the saved position, rounded, at least one, the verb agreeing', () => {
    expect(plain(timeLeft(24 * 60))).toBe('осталось 24 мин');
    expect(plain(timeLeft(24 * 60 + 20))).toBe('осталось 24 мин');
    expect(plain(timeLeft(60))).toBe('осталась 1 мин');
    expect(plain(timeLeft(10))).toBe('осталась 1 мин');
    expect(plain(timeLeft(21 * 60))).toBe('осталась 21 мин');
    expect(plain(timeLeft(3 * 60))).toBe('осталось 3 мин');
    expect(plain(timeLeft(11 * 60))).toBe('осталось 11 мин');
  });

  it('goes to hours from an hour on', () => {
    expect(plain(timeLeft(72 * 60))).toBe('осталось 1 ч 12 мин');
    expect(plain(timeLeft(60 * 60))).toBe('остался 1 ч');
    expect(plain(timeLeft(120 * 60))).toBe('осталось 2 ч');
    expect(plain(timeLeft(59 * 60 + 50))).toBe('остался 1 ч');
  });

  it('says nothing when the duration is not known', () => {
    expect(timeLeft(0)).toBe('');
    expect(timeLeft(Number.NaN)).toBe('');
    expect(continueLine(null, 0)).toBe('');
    expect(plain(continueLine({ season: 2, number: 5 }, 0))).toBe('Сезон 2, серия 5');
  });

  it('names the episode of a series; a film has the time alone', () => {
    expect(plain(continueLine({ season: 1, number: 3 }, 24 * 60))).toBe(
      'Сезон 1, серия 3 · осталось 24 мин',
    );
    expect(plain(continueLine(null, 72 * 60))).toBe('осталось 1 ч 12 мин');
  });

  it('is typeset at the source: numbers keep their units and words on the same line', () => {
    for (const line of [
      continueLine({ season: 1, number: 3 }, 24 * 60),
      continueLine({ season: 12, number: 10 }, 61),
      continueLine(null, 72 * 60),
      continueLine(null, 60 * 60),
    ]) {
      expect(typeset(line), line).toBe(line);
      expect(line).toMatch(/\d\u00a0(мин|ч)/);
    }
  });
});
