import type { PriceDto } from './catalogue.ts';

/**
 * What a longer period of a subscription costs a month, and what it saves against paying month by
 * month at the same tariff's monthly price (docs/product.md, «Money»: prices are the server's).
 */

/** A longer period's price per month and its saving against the monthly price (kopecks). */
export interface PerMonth {
  months: number;
  /** The period's price over its months, rounded to whole roubles (what a viewer compares). */
  perMonth: number;
  /** The monthly price times the months, less the period's price. */
  saving: number;
  /** The saving as a whole percent of paying monthly. */
  percent: number;
}

/** A period's whole months: 365 days are 12, 90 are 3; null for a period of odd days. */
function monthsOf(days: number): number | null {
  if (days > 0 && days % 365 === 0) return (days / 365) * 12;
  if (days > 0 && days % 30 === 0) return days / 30;
  return null;
}

/**
 * The per-month price of a price list entry longer than a month and its saving against the
 * tariff's own monthly entry; null for the month itself, a tariff without a monthly price, a
 * rental or purchase (no period) or a period that saves nothing.
 * @example perMonth(prices, year) // { months: 12, perMonth: 41_600, saving: 219_800, percent: 31 } for 599 ₽ a month and 4 990 ₽ a year
 */
export function perMonth(
  prices: readonly Pick<PriceDto, 'period_duration' | 'price'>[],
  entry: Pick<PriceDto, 'period_duration' | 'price'>,
): PerMonth | null {
  const months = monthsOf(entry.period_duration);
  const monthly = prices.find((p) => monthsOf(p.period_duration) === 1);
  if (!months || months < 2 || !monthly) return null;
  const full = monthly.price * months;
  const saving = full - entry.price;
  const percent = Math.round((saving / full) * 100);
  const rounded = Math.round(entry.price / months / 100) * 100;
  // A saving that rounds to 0 % or a month that rounds up to the monthly price says nothing.
  if (saving <= 0 || percent < 1 || rounded >= monthly.price) return null;
  return { months, perMonth: rounded, saving, percent };
}
