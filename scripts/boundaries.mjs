// The floor plan's import rules (README, "Floor plan"): dependency-cruiser over every .ts/.tsx file
// (.dependency-cruiser.cjs), plus the same rule for .astro files, which dependency-cruiser cannot
// parse: a page, layout or component imports from functions/ only a domain's index.ts, the access
// and platform entries, or the shared module. And SQL in one style: outside functions/db/ a
// statement is a `sql` template made into a statement by db/sql.ts, never `d1.prepare(text)`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ALLOWED = [
  /^functions\/domains\/[^/]+\/index\.ts$/,
  /^functions\/access\/index\.ts$/,
  /^functions\/lib\/index\.ts$/,
  /^functions\/shared\//,
];

/** Every file under `dir` whose name ends with `ending`. */
function filesEnding(dir, ending) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return filesEnding(path, ending);
    return e.name.endsWith(ending) ? [path] : [];
  });
}

const breaches = [];
for (const file of filesEnding('src', '.astro')) {
  const text = readFileSync(file, 'utf8');
  // Static and dynamic imports anywhere in the file: frontmatter and <script> blocks alike.
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = relative('.', normalize(join(dirname(file), spec)));
    if (target.startsWith('functions/') && !ALLOWED.some((rule) => rule.test(target)))
      breaches.push(`  error site-reaches-past-entries: ${file} → ${target}`);
  }
}

const TEST_FILE = /(\.test\.ts|test-support\.ts|test-fixtures\.ts)$|^functions\/test-/;
for (const file of filesEnding('functions', '.ts')) {
  if (file.startsWith('functions/db/') || TEST_FILE.test(file)) continue;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\.prepare\(/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    breaches.push(`  error sql-one-style: ${file}:${line} calls .prepare() (write a sql template)`);
  }
}

const cruise = spawnSync(
  'depcruise',
  ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'functions', 'src'],
  { stdio: 'inherit' },
);
if (breaches.length) {
  console.error(`\n${breaches.join('\n')}\n\nx ${breaches.length} breaches`);
} else {
  console.log('✔ .astro files: no imports past the entries; SQL in one style');
}
process.exit(cruise.status !== 0 || breaches.length ? 1 : 0);
