// `npm run bench:check`: a saved run (.bench/results.json, or the file named) judged against the
// budgets as they are now (bench/budgets.json): every figure beside its budget, then exit 1 when
// one is missed or could not be measured. Measures nothing, so it takes a second.
//
//   npm run bench:check                       the last `npm run bench`
//   npm run bench:check -- path/to/results.json
//   npm run bench:check -- --markdown         the same tables in Markdown (as in bench/report.md)
import { existsSync, readFileSync } from 'node:fs';
import { loadBudgets } from './budgets.mjs';
import { markdownTables } from './markdown.mjs';
import { missesOf, printVerdicts, verdicts } from './verdicts.mjs';

const argv = process.argv.slice(2);
const markdown = argv.includes('--markdown');
const file = argv.find((a) => !a.startsWith('--')) ?? '.bench/results.json';
if (!existsSync(file)) {
  console.error(`${file} is missing: run \`npm run bench\` first`);
  process.exit(2);
}
const run = JSON.parse(readFileSync(file, 'utf8'));
const config = loadBudgets('bench/budgets.json');
const rows = verdicts(run, config);
const load = run.loadAverages
  ? `; load average ${run.loadAverages.start?.join(', ')} at the start, ${run.loadAverages.end?.join(', ')} at the end on ${run.cores ?? '?'} cores`
  : '';
console.log(
  `${file}: run of ${run.generatedAt} at ${run.commit?.slice(0, 10)}${run.dirty ? ' (uncommitted changes)' : ''}${load}\n`,
);
if (markdown) console.log(markdownTables(rows).join('\n'));
else printVerdicts(rows);
const unmeasured = config.pages
  .filter((p) => !p.skip && !(run.pages ?? []).some((r) => r.path === p.path))
  .map((p) => p.path);
if (unmeasured.length) console.log(`\nnot in this run: ${unmeasured.join(', ')}`);
const misses = missesOf(rows);
console.log(
  misses.length
    ? `\n${misses.length} budget miss(es):\n${misses.map((r) => `  ${r.section} ${r.subject} ${r.metric}: ${r.shown}, budget ${r.budgetShown}${r.result === 'ERROR' ? ' (not measured)' : ''}`).join('\n')}`
    : '\nevery figure within its budget',
);
process.exit(misses.length ? 1 : 0);
