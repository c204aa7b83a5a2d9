// The typographic step's CPU per page: every text node of a page's HTML (as the rewriter in
// functions/middleware/typeset-html.ts sees them, outside head, scripts and islands) typeset, timed.
// Usage: npm exec -- node scripts/bench/typeset.mjs http://localhost:8787/ [more URLs]
import { typesetTextHtml } from '../../functions/middleware/typeset-html.ts';

const SKIPPED = /<(head|script|style|pre|code|textarea|template|astro-island)\b[\s\S]*?<\/\1>/gi;

for (const url of process.argv.slice(2)) {
  const html = await (await fetch(url)).text();
  const nodes = html
    .replace(SKIPPED, '')
    .split(/<[^>]*>/)
    .filter((text) => text.length > 0);
  for (const node of nodes) typesetTextHtml(node); // warm up
  const rounds = 50;
  const start = performance.now();
  let changed = 0;
  for (let i = 0; i < rounds; i++)
    for (const node of nodes) if (typesetTextHtml(node) !== node) changed++;
  const ms = (performance.now() - start) / rounds;
  console.log(
    `${url}: ${nodes.length} text nodes, ${changed / rounds} changed, ${ms.toFixed(2)} ms per page`,
  );
}
