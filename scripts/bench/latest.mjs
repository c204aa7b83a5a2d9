// The bench's standing report: `bench/latest.json` keeps the newest figures of each part (every
// page at its clock, the API, sign-in, the player, the viewers), each stamped with when, at which
// commit and on how loaded a machine it was measured; `bench/report.md` is written from it after
// every run. A run replaces only what it measured, so `--page /tv` updates one row and the rest
// keeps its own date. The README links the report instead of carrying figures that age.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { markdownTables } from './markdown.mjs';
import { verdicts } from './verdicts.mjs';

export const LATEST_FILE = 'bench/latest.json';
export const REPORT_FILE = 'bench/report.md';
const PARTS = ['api', 'signIn', 'player', 'viewers'];

/** When and where a run measured: shown beside each part of the report. */
function stampOf(run) {
  return {
    at: run.generatedAt,
    commit: run.commit?.slice(0, 7),
    dirty: run.dirty || undefined,
    load: [run.loadAverages?.start?.[0], run.loadAverages?.end?.[0]],
    cpuIndex: run.settings?.benchmarkIndex,
  };
}

/**
 * Folds a finished run (what .bench/results.json holds) into the saved latest figures.
 * @example
 * mergeLatest(report) // → the merged object, also written to bench/latest.json
 */
export function mergeLatest(run, file = LATEST_FILE) {
  const latest = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { pages: [] };
  const stamp = stampOf(run);
  for (const page of run.pages ?? []) {
    const { path, clock, expectStatus, httpStatus, figures } = page;
    const kept = { path, clock, expectStatus, httpStatus, figures, stamp };
    const at = latest.pages.findIndex((p) => p.path === path && p.clock === clock);
    if (at >= 0) latest.pages[at] = kept;
    else latest.pages.push(kept);
  }
  for (const part of PARTS) {
    if (!run[part]) continue;
    const { scripts: _scripts, ...figures } = run[part];
    latest[part] = { ...figures, stamp };
  }
  writeFileSync(file, `${JSON.stringify(latest, null, 2)}\n`);
  return latest;
}

const when = (s) =>
  `${s.at.slice(0, 16).replace('T', ' ')} UTC, ${s.commit}${s.dirty ? '+' : ''}, load ${s.load
    .map((x) => x ?? '?')
    .join('→')}${s.cpuIndex ? `, CPU index ${Math.round(s.cpuIndex)}` : ''}`;

/**
 * The Markdown report of the latest figures against today's budgets (`config`, loadBudgets()'s
 * answer): the pages' table, then every other figure, each part with its own date.
 */
export function writeReport(latest, config, file = REPORT_FILE) {
  const out = [
    '# Benchmark report',
    '',
    'Written by `npm run bench` from `bench/latest.json`: do not edit by hand. Each figure is the',
    'newest measured, beside its budget in `bench/budgets.json` (misses in bold); each part says',
    'when it was measured, at which commit and at what load average (1 min, start → end). TBT and',
    'latencies follow the machine’s load: read a miss on a busy run again on a quiet one.',
  ];
  const pages = [...latest.pages].sort(
    (a, b) =>
      config.pages.findIndex((p) => p.path === a.path && (p.clock ?? null) === (a.clock ?? null)) -
      config.pages.findIndex((p) => p.path === b.path && (p.clock ?? null) === (b.clock ?? null)),
  );
  if (pages.length) {
    out.push('', '## Pages (Lighthouse, mobile, median of the runs)', '');
    out.push(...markdownTables(verdicts({ pages }, config), { only: 'Lighthouse' }));
    const stamps = [...new Set(pages.map((p) => when(p.stamp)))];
    out.push('', `Measured: ${stamps.join('; ')}.`);
  }
  for (const part of PARTS) {
    const figures = latest[part];
    if (!figures) continue;
    out.push(
      '',
      `## ${{ api: 'API', signIn: 'Sign-in', player: 'Player', viewers: 'Viewers' }[part]}`,
    );
    out.push('', ...markdownTables(verdicts({ [part]: figures }, config)));
    out.push('', `Measured: ${when(figures.stamp)}.`);
  }
  writeFileSync(file, `${out.join('\n')}\n`);
}
