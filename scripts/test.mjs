// `npm test`: every test. Format and lint, the floor plan, the type check, a fresh build, the Worker
// tests (vitest in workerd, real local D1: the app from source and the built pages), the sample
// media, the production bundle's size (wrangler's dry run), and the browser journeys (Playwright in
// Debian's Chromium against wrangler dev). Ends with each step's time and one summary line.
import { spawn } from 'node:child_process';
import { ensureHeadlessShell } from './ensure-chromium.mjs';

const env = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  FORCE_COLOR: '0',
};
const started = Date.now();
const results = [];

/** Runs one step, its output passed through; resolves to whether it passed. */
function run(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code) => {
      results.push({ name, ok: code === 0, out, seconds: (Date.now() - begun) / 1000 });
      resolve(code === 0);
    });
  });
}

/** Counts from the runners' own summaries: vitest "Tests  N passed (M)", Playwright "N passed". */
function count(out, word) {
  const vitest = out.match(new RegExp(`Tests\\s+(?:.*?)(\\d+) ${word}`));
  if (vitest) return Number(vitest[1]);
  const pw = [...out.matchAll(new RegExp(`^\\s*(\\d+) ${word}`, 'gm'))].pop();
  return pw ? Number(pw[1]) : 0;
}

// Biome: formatting (line width 100), lint rules and organised imports over the whole tree.
await run('format and lint', 'biome', ['ci', '.']);
// The floor plan's import rules (.dependency-cruiser.cjs): pages reach domains only through their
// entries, routes never touch D1, domains meet at their entries, server code never imports src/.
await run('import boundaries', process.execPath, ['scripts/boundaries.mjs']);
// astro check: the TypeScript of every .ts, .tsx and .astro file (tsconfig's strict rules, unused names included).
await run('type check', 'astro', ['check', '--minimumFailingSeverity', 'warning']);
// The Worker tests' `pages` project renders the built Worker, so the build comes first.
const built = await run('build', 'astro', ['build']);
await run('worker tests', 'vitest', ['run', ...(built ? [] : ['--project', 'worker'])]);
ensureHeadlessShell();
// The sample HLS media the player plays (scripts/media): made once into .media/ (about a minute of
// ffmpeg on 2 cores on a clean clone, then cached), then checked segment by segment.
await run('media', process.execPath, ['scripts/media/generate.mjs', '--verify']);
if (built) {
  // The production Worker as deploy would upload it, and its size against the Workers limits.
  await run('production bundle', process.execPath, ['scripts/bundle-size.mjs']);
  await run('browser tests', 'playwright', ['test']);
}

const passed = results.reduce((n, r) => n + count(r.out, 'passed'), 0);
const failed = results.reduce((n, r) => n + count(r.out, 'failed'), 0);
const broken = results.filter((r) => !r.ok).map((r) => r.name);
const minutes = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
console.log('\nstep                 time');
for (const r of results)
  console.log(`${r.name.padEnd(20)} ${minutes(r.seconds).padStart(12)}${r.ok ? '' : '  FAILED'}`);
console.log(`${'total'.padEnd(20)} ${minutes((Date.now() - started) / 1000).padStart(12)}`);
console.log(`\n${broken.length ? `failing steps: ${broken.join(', ')}` : 'all steps passed'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(broken.length ? 1 : 0);
