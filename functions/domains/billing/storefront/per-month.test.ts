import { describe, expect, it } from 'vitest';
import { perMonth } from './per-month.ts';

/** Prices in kopecks, as the price list keeps them. */
const entry = (period_duration: number, rub: number) => ({ period_duration, price: rub * 100 });

describe('perMonth', () => {
  const month = entry(30, 600);
  it('prices a year and a quarter over their months and saves against twelve and three months', () => {
    expect(perMonth([month, entry(365, 4800)], entry(365, 4800))).toEqual({
      months: 12,
      perMonth: 40_000,
      saving: 240_000,
      percent: 33,
    });
    expect(perMonth([month, entry(90, 1500)], entry(90, 1500))).toMatchObject({
      months: 3,
      perMonth: 50_000,
      saving: 30_000,
      percent: 17,
    });
  });

  it('rounds the month to whole roubles', () => {
    expect(perMonth([month, entry(365, 4990)], entry(365, 4990))?.perMonth).toBe(41_600);
  });

  it('says nothing of the month itself, without a monthly price, for a rental or when nothing is saved', () => {
    expect(perMonth([month], month)).toBeNull();
    expect(perMonth([entry(365, 4800)], entry(365, 4800))).toBeNull();
    expect(perMonth([entry(0, 199)], entry(0, 199))).toBeNull();
    expect(perMonth([month, entry(90, 1800)], entry(90, 1800))).toBeNull();
    expect(perMonth([month, entry(45, 700)], entry(45, 700))).toBeNull();
    // 1 ₽ off three months of 599 ₽: «экономия 1 ₽ (0 %)» at «≈ 599 ₽ в месяц» would say nothing.
    expect(perMonth([entry(30, 599), entry(90, 1796)], entry(90, 1796))).toBeNull();
  });
});
