/** Kopecks as YooKassa's amount value: `59900` → `'599.00'`. */
export const amountValue = (kopecks: number) => (kopecks / 100).toFixed(2);

/** YooKassa's amount value as kopecks: `'599.00'` → `59900`. */
export const kopecksOf = (value: string) => Math.round(Number(value) * 100);
