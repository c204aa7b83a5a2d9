// What `npm run bench` prints: the budget table, then per-page details (script bytes, Lighthouse
// audits that did not pass), then a note when the machine was too busy for TBT to mean much.
import { cpus } from 'node:os';
import { describeBudget, METRICS, median } from './budgets.mjs';

/** The table: one row per page and metric with the median, each run, the budget and the verdict. */
export function printTable(results, runs) {
  const rows = [['Page', 'Metric', 'Median', 'Runs', 'Budget', 'Result']];
  for (const r of results) {
    METRICS.forEach((metric, i) => {
      const check = r.checks.find((c) => c.key === metric.key);
      const perRun =
        metric.key === 'jsGzipKB'
          ? jsBreakdown(r.js)
          : metric.key === 'd1Trips'
            ? 'uncached view, least of 3'
            : metric.key === 'htmlKB' || metric.key === 'elements'
              ? 'first response, as served'
              : r.runs
                  .map((run) => (run.error ? 'err' : metric.format(run[metric.key])))
                  .join(' / ');
      rows.push([
        i === 0 ? `${r.path}${r.clock ? ` at ${r.clock}` : ''}` : '',
        metric.label,
        check.value === null ? '—' : metric.format(check.value),
        perRun,
        describeBudget(metric, check.budget),
        check.result,
      ]);
    });
  }
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  const line = (row) =>
    row
      .map((cell, col) => cell.padEnd(widths[col]))
      .join('  ')
      .trimEnd();
  console.log(
    `\nLighthouse ${results[0]?.runs.find((r) => r.lighthouseVersion)?.lighthouseVersion ?? ''}, mobile (default emulation and simulated throttling), median of ${runs} runs; first-time visitor`,
  );
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.slice(1).forEach((row, i) => {
    if (i > 0 && row[0]) console.log('');
    console.log(line(row));
  });
}

function jsBreakdown(js) {
  if (!js) return '—';
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)}`;
  return `${js.requests.length} file(s) ${kb(js.requestGzipBytes)} + ${js.inline.count} inline ${kb(js.inline.gzipBytes)}`;
}

/** Per page: HTTP status, errors, script bytes, and the Lighthouse audits that did not pass. */
export function printDetails(results) {
  for (const r of results) {
    const notes = [];
    if (r.httpStatus !== 200) notes.push(`HTTP status ${r.httpStatus}`);
    for (const error of new Set(r.errors)) notes.push(`Lighthouse error: ${error}`);
    if (r.js) {
      for (const req of r.js.requests) {
        notes.push(
          `script ${req.url.replace(r.url.replace(/\/[^/]*$/, ''), '')}: ${req.bytes} B raw, ${req.gzipBytes} B gzip -9, served ${req.servedEncoding}; Lighthouse transferSize ${req.lighthouseTransferSize ?? '—'} B`,
        );
      }
      if (r.js.requests.length) {
        notes.push(
          `script files: ${r.js.requestGzipBytes} B gzip -9 here vs ${r.js.lighthouseTransferBytes} B transferred in Lighthouse (headers included)`,
        );
      }
      if (r.js.inline.count)
        notes.push(
          `inline scripts: ${r.js.inline.count}, ${r.js.inline.bytes} B raw, ${r.js.inline.gzipBytes} B gzip -9`,
        );
    }
    for (const audit of r.failingAudits) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      notes.push(
        `${audit.category} audit not passed in ${audit.runs}/${r.runs.length} runs: ${audit.id} — ${audit.title}${value}`,
      );
      for (const item of audit.items)
        notes.push(`    ${Object.values(item).join(' | ').replace(/\s+/g, ' ').slice(0, 240)}`);
    }
    if (notes.length) console.log(`\n${r.path}:\n${notes.map((n) => `  ${n}`).join('\n')}`);
  }
}

/**
 * The CPU slowdown Lighthouse's own calibration gives a host of this CPU benchmark index (its
 * throttling guide's calculator: 4× at 1,533, 3× at 1,300, 2× at 800, 1× at 150), so that the
 * throttled page runs about as fast as on its reference phone whatever the host.
 * @example calibratedSlowdown(1240) // → 2.88
 */
export function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** The median CPU index of the runs and the slowdown Lighthouse's calibration gives it. */
export function printCalibration(results) {
  const indexes = results.flatMap((r) => r.runs).map((run) => run.benchmarkIndex);
  const index = median(indexes);
  if (index === null) return;
  const slowdown = calibratedSlowdown(index);
  console.log(
    `
CPU benchmark index, median of ${indexes.filter(Boolean).length} runs: ${Math.round(index)}; Lighthouse's default 4× CPU slowdown is its calibration for an index of 1,533, and for this one it gives ${slowdown.toFixed(1)}× (\`npm run bench -- --cpu-slowdown ${slowdown.toFixed(1)}\` measures the pages so; its figures stay out of the report).`,
  );
}

/**
 * TBT, and with it the performance score, swings with other work on the machine (simulated
 * throttling scales the observed main-thread time), so runs on a busy machine are called out.
 */
export function printBusyNote(results) {
  const all = results.flatMap((r) => r.runs).filter((run) => !run.error);
  const best = Math.max(...all.map((run) => run.benchmarkIndex ?? 0));
  const busy = all.filter(
    (run) => run.loadAverage > cpus().length || (run.benchmarkIndex ?? best) < 0.6 * best,
  );
  if (busy.length === 0) return;
  console.log(
    `\nnote: the machine was busy during ${busy.length} of ${all.length} runs (load average above ${cpus().length} cores, or CPU benchmark under 60% of the best run's ${Math.round(best)}).` +
      '\n      TBT and the performance score follow machine load; rerun on a quiet machine before reading an OVER there as a regression.',
  );
}

/** API load: each route's requests per second, its share of the trivial route's, and latencies. */
export function printThroughput(api) {
  if (!api) return;
  console.log(
    `\nAPI on loopback (autocannon), ${api.connections} connections for ${api.seconds} s per route (same Worker, wrangler dev on this machine)`,
  );
  const ms = (x) => (x === null ? '—' : `${Math.round(x)} ms`);
  for (const r of [api.trivial, ...api.routes]) {
    const share =
      r === api.trivial
        ? ''
        : ` ${Math.round((100 * r.perSecond) / api.trivial.perSecond)} % of trivial;`;
    console.log(
      `  ${r.path.padEnd(36)} ${r.perSecond.toFixed(0).padStart(5)} req/s;${share} p50 ${ms(r.p50Ms)}, p95 ${ms(r.p95Ms)}, p99 ${ms(r.p99Ms)}; ${r.requests} answers, ${r.failed} failed (${r.name ?? r.label})`,
    );
  }
}
