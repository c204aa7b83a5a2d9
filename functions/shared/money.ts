/**
 * Money as the viewer reads it (docs/product.md, «Money»): amounts are integer kopecks everywhere,
 * shown in roubles the Russian way — thousands grouped with a no-break space, a decimal comma only
 * when there are kopecks, the sign after a no-break space. Pure and island-safe.
 */

const whole = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const exact = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount in kopecks as roubles (with no-break spaces).
 * @example formatRub(149_900) // '1 499 ₽'; formatRub(50) // '0,50 ₽'
 */
export function formatRub(kopecks: number): string {
  if (!Number.isInteger(kopecks)) throw new RangeError(`kopecks must be an integer: ${kopecks}`);
  // ICU groups with U+00A0 or U+202F depending on its version: one no-break space for every reader.
  const text = kopecks % 100 === 0 ? whole.format(kopecks / 100) : exact.format(kopecks / 100);
  return text.replace(/[\u202f\s]/g, '\u00a0');
}
