import { describe, expect, it } from 'vitest';
import { formatRub } from './money.ts';

const NBSP = '\u00a0';

describe('formatRub', () => {
  it('shows whole roubles without kopecks, thousands grouped with a no-break space', () => {
    expect(formatRub(59_900)).toBe(`599${NBSP}₽`);
    expect(formatRub(149_900)).toBe(`1${NBSP}499${NBSP}₽`);
    expect(formatRub(100)).toBe(`1${NBSP}₽`);
    expect(formatRub(0)).toBe(`0${NBSP}₽`);
  });

  it('shows kopecks with a decimal comma when there are any', () => {
    expect(formatRub(50)).toBe(`0,50${NBSP}₽`);
    expect(formatRub(49_099)).toBe(`490,99${NBSP}₽`);
  });

  it('refuses a fraction of a kopeck, which would be a bug upstream', () => {
    expect(() => formatRub(1.5)).toThrow(RangeError);
  });
});
