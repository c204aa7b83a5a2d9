// `npm test`: every test. Type check (astro check), Worker tests (vitest in workerd, real local D1), then a
// fresh build, the production bundle's size (wrangler's dry run), and Playwright journeys in
// Debian's Chromium against wrangler dev. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const env = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  FORCE_COLOR: '0',
};
const results = [];

function run(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const res = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(res.stdout ?? '');
  results.push({ name, ok: res.status === 0, out: res.stdout ?? '' });
  return res.status === 0;
}

/** Counts from the runners' own summaries: vitest "Tests  N passed (M)", Playwright "N passed". */
function count(out, word) {
  const vitest = out.match(new RegExp(`Tests\\s+(?:.*?)(\\d+) ${word}`));
  if (vitest) return Number(vitest[1]);
  const pw = [...out.matchAll(new RegExp(`^\\s*(\\d+) ${word}`, 'gm'))].pop();
  return pw ? Number(pw[1]) : 0;
}

// astro check: the TypeScript of every .ts, .tsx and .astro file (tsconfig's strict rules, unused names included).
// Biome: formatting (line width 100), lint rules and organised imports over the whole tree.
run('format and lint', 'biome', ['ci', '.']);
// The floor plan's import rules (.dependency-cruiser.cjs): pages reach domains only through their
// entries, routes never touch D1, domains meet at their entries, server code never imports src/.
run('import boundaries', process.execPath, ['scripts/boundaries.mjs']);
run('type check', 'astro', ['check', '--minimumFailingSeverity', 'warning']);
run('worker tests', 'vitest', ['run']);
ensureChromium();
// The sample HLS media the player plays (scripts/media): made once into .media/ (about a minute of
// ffmpeg on 2 cores on a clean clone, then cached), then checked segment by segment.
run('media', process.execPath, ['scripts/media/generate.mjs', '--verify']);
if (run('build', 'astro', ['build'])) {
  // The production Worker as deploy would upload it, and its size against the Workers limits.
  run('production bundle', process.execPath, ['scripts/bundle-size.mjs']);
  run('browser tests', 'playwright', ['test']);
}

const passed = results.reduce((n, r) => n + count(r.out, 'passed'), 0);
const failed = results.reduce((n, r) => n + count(r.out, 'failed'), 0);
const broken = results.filter((r) => !r.ok).map((r) => r.name);
console.log(`\n${broken.length ? `failing steps: ${broken.join(', ')}` : 'all steps passed'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(broken.length ? 1 : 0);
