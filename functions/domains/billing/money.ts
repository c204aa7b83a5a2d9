const rub = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/**
 * Kopecks as roubles for people (until the shared `formatRub` lands, billing's own copy).
 * @example formatKopecks(59900) // '599 ₽'; formatKopecks(100) // '1 ₽'
 */
export const formatKopecks = (kopecks: number) => rub.format(kopecks / 100);

/** Kopecks as YooKassa's amount value: `59900` → `'599.00'`. */
export const amountValue = (kopecks: number) => (kopecks / 100).toFixed(2);

/** YooKassa's amount value as kopecks: `'599.00'` → `59900`. */
export const kopecksOf = (value: string) => Math.round(Number(value) * 100);
