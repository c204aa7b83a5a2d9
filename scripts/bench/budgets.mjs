// bench/budgets.json: which pages are measured and the budget of each metric. A page entry's
// `budgets` override the file's `defaults`; a metric with no budget is reported without a verdict.
import { readFileSync } from 'node:fs';

/** The reported metrics, how each is shown, and which direction is better. */
export const METRICS = [
  {
    key: 'performance',
    label: 'Performance',
    better: 'higher',
    format: (v) => String(Math.round(v)),
  },
  {
    key: 'accessibility',
    label: 'Accessibility',
    better: 'higher',
    format: (v) => String(Math.round(v)),
  },
  { key: 'lcpMs', label: 'LCP', better: 'lower', format: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: 'tbtMs', label: 'TBT', better: 'lower', format: (v) => `${Math.round(v)} ms` },
  { key: 'cls', label: 'CLS', better: 'lower', format: (v) => v.toFixed(3) },
  { key: 'jsGzipKB', label: 'JS gzip', better: 'lower', format: (v) => `${v.toFixed(1)} KB` },
  { key: 'd1Trips', label: 'D1 round trips', better: 'lower', format: (v) => String(v) },
  { key: 'htmlKB', label: 'HTML', better: 'lower', format: (v) => `${v.toFixed(1)} KB` },
  { key: 'elements', label: 'Elements', better: 'lower', format: (v) => String(v) },
];
const KEYS = new Set(METRICS.map((m) => m.key));

/**
 * The viewers' load per viewer per minute (scripts/bench/viewers.mjs): the key of each figure, its
 * label, and its budget's name in `viewers.budgets`.
 */
export const PER_VIEWER = [
  ['reads', 'D1 reads/viewer/min', 'readsPerViewerMinute'],
  ['writes', 'D1 writes/viewer/min', 'writesPerViewerMinute'],
  ['playbackWrites', 'D1 writes of playback/viewer/min', 'playbackWritesPerViewerMinute'],
  ['objectCalls', 'DO calls/viewer/min', 'objectCallsPerViewerMinute'],
];

/**
 * Reads and checks the budgets file; unknown metric names fail loudly (a typo must not silently
 * drop a budget).
 * @example
 * const { runs, defaults, pages } = loadBudgets('bench/budgets.json');
 * // pages[0] → { name: 'Главная', path: '/', budgets: { performance: 100, accessibility: 95, … } }
 */
export function loadBudgets(file) {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const check = (budgets, where) => {
    for (const [key, value] of Object.entries(budgets ?? {})) {
      if (!KEYS.has(key))
        throw new Error(
          `${file}: unknown metric "${key}" in ${where} (known: ${[...KEYS].join(', ')})`,
        );
      if (typeof value !== 'number') throw new Error(`${file}: ${where}.${key} must be a number`);
    }
  };
  check(raw.defaults, 'defaults');
  const pages = (raw.pages ?? []).map((page, i) => {
    if (typeof page.path !== 'string' || !page.path.startsWith('/'))
      throw new Error(`${file}: pages[${i}].path must start with /`);
    check(page.budgets, `pages[${i}].budgets`);
    if (page.clock !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(page.clock))
      throw new Error(`${file}: pages[${i}].clock must be a Moscow time of day, e.g. "08:00"`);
    return {
      name: page.name ?? page.path,
      path: page.path,
      clock: page.clock ?? null,
      skip: page.skip,
      expectStatus: page.expectStatus ?? 200,
      budgets: { ...raw.defaults, ...page.budgets },
    };
  });
  return {
    runs: raw.runs ?? 3,
    defaults: { ...raw.defaults },
    pages,
    api: raw.api ?? null,
    signIn: raw.signIn ?? null,
    player: raw.player ?? null,
    viewers: raw.viewers ?? null,
  };
}

/**
 * The moment a page with a `clock` is measured at: that time of day in Moscow (UTC+3 all year),
 * today there. The Worker answers as of it (the development header x-dev-clock) and the page's
 * scripts see it too (scripts/bench/lighthouse-run.mjs), so the TV guide is measured at the hour
 * the budgets file names, whatever the hour the bench runs at.
 * @example clockAt('01:30') // → today's 01:30 in Moscow, in ms since the epoch
 */
export function clockAt(time, now = Date.now()) {
  const moscowDay = new Date(now + 3 * 3600_000).toISOString().slice(0, 10);
  return Date.parse(`${moscowDay}T${time}:00+03:00`);
}

/** Median of numbers (mean of the middle two for an even count); null when there are none. */
export function median(values) {
  const xs = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

/**
 * One verdict per metric: PASS, OVER, ERROR (no figure) or '' (no budget).
 * @example
 * compare({ performance: 98 }, { performance: 100 }) // → [{ key: 'performance', value: 98, budget: 100, result: 'OVER' }, …]
 */
export function compare(figures, budgets) {
  return METRICS.map(({ key, better }) => {
    const value = figures[key] ?? null;
    const budget = budgets[key] ?? null;
    if (budget === null) return { key, value, budget, result: '' };
    if (value === null) return { key, value, budget, result: 'ERROR' };
    const ok = better === 'higher' ? value >= budget : value <= budget;
    return { key, value, budget, result: ok ? 'PASS' : 'OVER' };
  });
}

/** The budget as a reader says it: "≥ 95", "≤ 15.0 KB", "= 100" for a perfect score. */
export function describeBudget(metric, budget) {
  if (budget === null || budget === undefined) return '—';
  if (metric.better === 'higher') return budget >= 100 ? '= 100' : `≥ ${metric.format(budget)}`;
  return `≤ ${metric.format(budget)}`;
}
