import { formatDayMonthYear } from '../../shared/ru.ts';

/**
 * Roubles of an amount in kopecks, as a page shows them: «599 ₽», «299,50 ₽». Kept here until the
 * shared money helper lands; then this file goes.
 * @example formatRubles(59_900) // '599 ₽'
 */
export function formatRubles(kopecks: number): string {
  const whole = kopecks % 100 === 0;
  return new Intl.NumberFormat('ru-RU', {
    style: 'currency',
    currency: 'RUB',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(kopecks / 100);
}

/**
 * A unix time as a day of the Moscow calendar: «24 декабря 2026».
 * @example formatDay(1_798_059_600) // '24 декабря 2026'
 */
export function formatDay(seconds: number): string {
  return formatDayMonthYear(seconds * 1000);
}

/** A saved card's name as the viewer knows it: «Visa •••• 4242», or the acquirer's title. */
export function cardLabel(m: {
  title: string;
  kind: string;
  cardBrand: string | null;
  cardLast4: string | null;
}): string {
  if (m.kind === 'bank_card' && m.cardLast4) return `${m.cardBrand ?? 'Карта'} •••• ${m.cardLast4}`;
  return m.title;
}
