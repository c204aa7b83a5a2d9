// `npm run bench:check`: a saved run (.bench/results.json, or the file named) judged against the
// budgets as they are now (bench/budgets.json): every figure beside its budget, then exit 1 when
// one is missed or could not be measured. Measures nothing, so it takes a second.
//
//   npm run bench:check                       the last `npm run bench`
//   npm run bench:check -- path/to/results.json
//   npm run bench:check -- --markdown         the same table in Markdown, for README «Benchmarks»
import { existsSync, readFileSync } from 'node:fs';
import { loadBudgets } from './budgets.mjs';
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
if (markdown) printMarkdown(rows);
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

/**
 * Markdown for README: the pages one row each (a column per metric), then every other figure.
 * A cell is "figure (budget)", a miss in bold.
 */
function printMarkdown(all) {
  const cell = (r) => {
    const text = `${r.shown}${r.budgetShown === '—' ? '' : ` (${r.budgetShown})`}`;
    return r.result === 'OVER' || r.result === 'ERROR' ? `**${text}**` : text;
  };
  const pages = all.filter((r) => r.section === 'Lighthouse');
  const metrics = [...new Set(pages.map((r) => r.metric))];
  if (pages.length) {
    console.log(`| page | ${metrics.join(' | ')} |\n|---|${metrics.map(() => '---').join('|')}|`);
    for (const subject of new Set(pages.map((r) => r.subject)))
      console.log(
        `| \`${subject}\` | ${metrics.map((m) => cell(pages.find((r) => r.subject === subject && r.metric === m))).join(' | ')} |`,
      );
  }
  const rest = all.filter((r) => r.section !== 'Lighthouse');
  if (rest.length) {
    console.log('\n| what | figure (budget) |\n|---|---|');
    for (const subject of new Set(rest.map((r) => `${r.section}: ${r.subject}`)))
      console.log(
        `| ${subject} | ${rest
          .filter((r) => `${r.section}: ${r.subject}` === subject)
          .map((r) => `${r.metric} ${cell(r)}`)
          .join('; ')} |`,
      );
  }
}
