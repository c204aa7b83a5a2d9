// The typographic step's CPU per page: every text node of a page's HTML (as the rewriter in
// functions/middleware/typeset-html.ts sees them, outside head, scripts and islands) typeset, timed.
// Usage: npm exec -- node scripts/bench/typeset.mjs http://localhost:8787/ [more URLs]
import { clearTypesetCache, typesetTextHtml } from '../../functions/lib/typeset.ts';

const SKIPPED = /<(head|script|style|pre|code|textarea|template|astro-island)\b[\s\S]*?<\/\1>/gi;

for (const url of process.argv.slice(2)) {
  const html = await (await fetch(url)).text();
  const nodes = html
    .replace(SKIPPED, '')
    .split(/<[^>]*>/)
    .filter((text) => text.length > 0);
  // As served (sources typeset already) and as if nothing were: every non-breaking space plain.
  for (const [label, texts] of [
    ['as served', nodes],
    ['untypeset', nodes.map((n) => n.replace(/\u00a0|\u202f/g, ' '))],
  ]) {
    // Cold: the isolate's cache of results empty (JIT warmed on another page's pass first);
    // warm: the same page again, as an isolate that has rendered it before.
    const rounds = 20;
    let cold = 0;
    let changed = 0;
    for (let i = 0; i < rounds; i++) {
      clearTypesetCache();
      const start = performance.now();
      for (const node of texts) if (typesetTextHtml(node) !== node) changed++;
      cold += performance.now() - start;
    }
    const start = performance.now();
    for (let i = 0; i < rounds; i++) for (const node of texts) typesetTextHtml(node);
    const warm = (performance.now() - start) / rounds;
    console.log(
      `${url} ${label}: ${texts.length} text nodes, ${changed / rounds} changed, ` +
        `${(cold / rounds).toFixed(2)} ms cold, ${warm.toFixed(2)} ms warm`,
    );
  }
}
