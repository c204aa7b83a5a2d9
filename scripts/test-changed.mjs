// `npm run test:changed [-- <base>]`: the quick loop. Runs only what the change since <base> (a
// commit or branch; HEAD by default, i.e. what is not committed yet, new files included) touches:
// Biome on the changed files; the Worker tests vitest relates to them (`--changed`, through the
// module graph); the pages tests when server or page code changed (after a build); and the browser
// journeys that changed, import a changed support file, or are named after a changed area of the
// site (src/components/player → tests/e2e/player*.spec.ts). `npm test` stays the gate.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ensureHeadlessShell } from './ensure-chromium.mjs';

const base = process.argv[2] ?? 'HEAD';
const git = (...args) =>
  spawnSync('git', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([
    ...git('diff', '--name-only', base),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((f) => existsSync(f));
if (changed.length === 0) {
  console.log(`test:changed: nothing changed since ${base}`);
  process.exit(0);
}
console.log(`test:changed: ${changed.length} file(s) changed since ${base}`);

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', WRANGLER_SEND_METRICS: 'false' };
const failed = [];
function run(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const res = spawnSync(command, args, { stdio: 'inherit', env });
  if (res.status !== 0) failed.push(name);
  return res.status === 0;
}

const code = (f) => /\.(ts|tsx|astro|mjs|js|json|css)$/.test(f);
const lintable = changed.filter((f) => /\.(ts|tsx|mjs|js|json|css|md)$/.test(f));
if (lintable.length)
  run('format and lint', 'biome', ['check', '--no-errors-on-unmatched', ...lintable]);

const server = changed.filter(
  (f) => code(f) && /^(functions|src)\//.test(f) && !/\.test\.ts$/.test(f),
);
const workerTests = changed.filter((f) => /^(functions|src)\/.*\.test\.ts$/.test(f));
if (server.length || workerTests.length)
  run('worker tests', 'vitest', ['run', '--project', 'worker', '--changed', base]);

const pageTests = changed.filter((f) => /^tests\/pages\/.*\.test\.ts$/.test(f));
const pagesSupport = changed.some((f) => /^tests\/pages\/(support\/|setup|seed)/.test(f));
const built =
  server.length || changed.includes('astro.config.mjs') ? run('build', 'astro', ['build']) : true;
if (built && (server.length || pagesSupport))
  run('pages tests', 'vitest', ['run', '--project', 'pages']);
else if (built && pageTests.length)
  run('pages tests', 'vitest', ['run', '--project', 'pages', ...pageTests]);

// Journeys: the specs that changed, those importing a changed support file, and those named
// after an area of the site that changed.
const specs = readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts'));
const support = changed
  .filter((f) => f.startsWith('tests/e2e/support/'))
  .map((f) => basename(f).replace(/\.ts$/, ''));
const areas = new Set(
  changed
    .filter((f) => /^src\/(components|pages)\//.test(f))
    .map((f) =>
      f.startsWith('src/pages/') ? basename(f).replace(/\..*$/, '') : basename(dirname(f)),
    ),
);
const journeys = specs
  .filter(
    (spec) =>
      changed.includes(`tests/e2e/${spec}`) ||
      [...areas].some((area) => area.length > 2 && spec.startsWith(area)) ||
      support.some((s) => readFileSync(`tests/e2e/${spec}`, 'utf8').includes(`./support/${s}.ts`)),
  )
  .map((spec) => `tests/e2e/${spec}`);
if (built && journeys.length) {
  ensureHeadlessShell();
  // The demo accounts' journeys (*.alone.spec.ts) run before every other one (playwright.config.ts);
  // without one of them among the changed, the others need not wait for them.
  const alone = journeys.some((j) => /\.(mutating|alone)\.spec\.ts$/.test(j));
  run('browser tests', 'playwright', ['test', ...(alone ? [] : ['--no-deps']), ...journeys]);
}

console.log(failed.length ? `\nfailing: ${failed.join(', ')}` : '\ntest:changed: all passed');
process.exit(failed.length ? 1 : 0);
