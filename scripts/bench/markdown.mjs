// Verdict rows (verdicts.mjs) as Markdown: the pages one row each with a column per metric, then
// every other figure one row per subject. A cell is "figure (budget)", a miss in bold. Used by
// the report (latest.mjs) and by `npm run bench:check -- --markdown`.

/**
 * @example
 * markdownTables(verdicts(run, config)).join('\n') // → '| page | Performance | … |\n|---|…'
 */
export function markdownTables(all, { only } = {}) {
  const lines = [];
  const cell = (r) => {
    const text = `${r.shown}${r.budgetShown === '—' ? '' : ` (${r.budgetShown})`}`;
    return r.result === 'OVER' || r.result === 'ERROR' ? `**${text}**` : text;
  };
  const pages = all.filter((r) => r.section === 'Lighthouse');
  const metrics = [...new Set(pages.map((r) => r.metric))];
  if (pages.length) {
    lines.push(`| page | ${metrics.join(' | ')} |`, `|---|${metrics.map(() => '---').join('|')}|`);
    for (const subject of new Set(pages.map((r) => r.subject)))
      lines.push(
        `| \`${subject}\` | ${metrics.map((m) => cell(pages.find((r) => r.subject === subject && r.metric === m))).join(' | ')} |`,
      );
  }
  const rest = only ? [] : all.filter((r) => r.section !== 'Lighthouse');
  if (rest.length) {
    if (lines.length) lines.push('');
    lines.push('| what | figure (budget) |', '|---|---|');
    for (const subject of new Set(rest.map((r) => `${r.section}: ${r.subject}`)))
      lines.push(
        `| ${subject} | ${rest
          .filter((r) => `${r.section}: ${r.subject}` === subject)
          .map((r) => `${r.metric} ${cell(r)}`)
          .join('; ')} |`,
      );
  }
  return lines;
}
