// `npm test`: every test. Format and lint, the floor plan, the type check, a fresh build, the Worker
// tests (vitest in workerd, real local D1: the app from source and the built pages), the sample
// media, the production bundle's size (wrangler's dry run), and the browser journeys (Playwright in
// Debian's Chromium headless shell against wrangler dev). Ends with each step's time and one
// summary line.
//
// Steps that do not need each other run side by side, in four lanes, so neither core waits while
// one of them runs a single-threaded step: the checks (Biome, dependency-cruiser, astro check); the
// journeys' fresh D1; the build and the Worker tests; the media (ffmpeg, made once into .media/ and
// the machine's cache, scripts/media/cache.mjs). The journeys start once their server is up,
// beside what is left. A step's output is printed whole when it ends, so lanes never interleave
// (the journeys' own streams).
import { spawn } from 'node:child_process';

const E2E_PORT = process.env.E2E_PORT ?? '8790';

const env = {
  ...process.env,
  E2E_PORT,
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  FORCE_COLOR: '0',
};
const started = Date.now();
const results = [];
const seconds = (since) => (Date.now() - since) / 1000;

/** Runs one step; resolves to whether it passed. `live` streams its output as it comes. */
function run(name, command, args, { live = false } = {}) {
  const begun = Date.now();
  console.log(
    `\n=== ${name}: ${command} ${args.join(' ')} (started at ${seconds(started).toFixed(0)} s)`,
  );
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (live) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
      if (live) process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      const result = { name, ok: code === 0, out, seconds: seconds(begun) };
      results.push(result);
      if (!live) {
        console.log(
          `\n=== ${name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`,
        );
        process.stdout.write(out);
        process.stderr.write(err);
      }
      resolve(result.ok);
    });
  });
}

/** Steps one after another, each whatever the one before did; resolves to whether all passed. */
async function lane(...steps) {
  let ok = true;
  for (const step of steps) ok = (await step()) && ok;
  return ok;
}

/** Counts from the runners' own summaries: vitest "Tests  N passed (M)", Playwright "N passed". */
function count(out, word) {
  const vitest = out.match(new RegExp(`Tests\\s+(?:.*?)(\\d+) ${word}`));
  if (vitest) return Number(vitest[1]);
  const pw = [...out.matchAll(new RegExp(`^\\s*(\\d+) ${word}`, 'gm'))].pop();
  return pw ? Number(pw[1]) : 0;
}

/**
 * The journeys' server (scripts/e2e-server.mjs): its fresh D1 is made in a lane of its own; the
 * rest (the media uploaded to its R2, wrangler dev) starts as soon as the build, the media and the
 * D1 are ready, so it runs beside the Worker tests; Playwright then finds it up
 * (playwright.config.ts). Its own process group, stopped by that group's id at the end.
 */
function startE2eServer() {
  const begun = Date.now();
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs', '--prepared'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env,
    detached: true,
  });
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const ready = (async () => {
    // As long as Playwright's own webServer would wait for it.
    for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
      if (child.exitCode !== null) return false;
      const up = await fetch(`http://localhost:${E2E_PORT}/get-ip`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return true;
      await new Promise((r) => setTimeout(r, 500));
    }
    return false;
  })().then((ok) => {
    results.push({ name: 'journeys server', ok, out: '', seconds: seconds(begun) });
    if (!ok) process.stderr.write(err);
    return ok;
  });
  const stop = () => child.exitCode === null && process.kill(-child.pid, 'SIGTERM');
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stop();
      process.exit(130);
    });
  return { ready, stop };
}

let server;
let databaseReady;
const database = new Promise((resolve) => {
  databaseReady = resolve;
});
const building = run('build', 'astro', ['build']);
const making = run('media', process.execPath, ['scripts/media/generate.mjs', '--verify']);
const serving = Promise.all([building, making, database]).then(([b, m, d]) => {
  if (!b || !m || !d) return false;
  server = startE2eServer();
  return server.ready;
});
// The journeys' browser (Debian's headless shell), installed with apt if missing.
const browser = run('browser', process.execPath, [
  'scripts/ensure-chromium.mjs',
  '--headless-shell',
]);
// The journeys start as soon as their server, its media and the browser are ready, beside
// whatever the other lanes still run (the Worker tests' last files, the type check): the journeys
// wait on real time here and there (a video playing, a countdown), and those lanes fill it.
const journeys = Promise.all([serving, browser]).then(async ([up, installed]) => {
  if (!up || !installed) return;
  env.E2E_SERVER_STARTED = '1';
  // The demo accounts' journeys first, alone (playwright.config.ts), then every other one: two
  // runs, so a failure among the first never keeps the others from running and being counted.
  await run('demo journeys', 'playwright', ['test', '--project', 'alone'], { live: true });
  await run('browser tests', 'playwright', ['test', '--project', 'chromium', '--no-deps'], {
    live: true,
  });
});
const [, , built, media] = await Promise.all([
  lane(
    // Biome: formatting (line width 100), lint rules and organised imports over the whole tree.
    () => run('format and lint', 'biome', ['ci', '.']),
    // The floor plan's import rules (.dependency-cruiser.cjs): pages reach domains only through
    // their entries, routes never touch D1, domains meet at their entries, server code never
    // imports src/.
    () => run('import boundaries', process.execPath, ['scripts/boundaries.mjs']),
    // The bindings' types from wrangler.toml (`wrangler types`, never kept in git), then astro
    // check: the TypeScript of every .ts, .tsx and .astro file (tsconfig's strict rules, unused
    // names included).
    () => run('type check', 'npm', ['run', '-s', 'typecheck']),
  ),
  // The journeys' D1: removed, migrated and seeded, from the start: with the media from the
  // machine's cache it is what the journeys' server waits for.
  run('journeys database', process.execPath, ['scripts/e2e-server.mjs', '--prepare']).then((ok) => {
    databaseReady(ok);
    return ok;
  }),
  // The Worker tests' `pages` project renders the built Worker, so the build comes first; then
  // the production Worker as deploy would upload it, built from [env.production] of wrangler.toml
  // (a setting wrangler rejects or ignores fails it), and its size against the Workers limits.
  (async () => {
    const ok = await building;
    await run('worker tests', 'vitest', ['run', ...(ok ? [] : ['--project', 'worker'])]);
    if (ok) await run('production bundle', process.execPath, ['scripts/bundle-size.mjs']);
    return ok;
  })(),
  // The sample HLS media and art the player and pages show (scripts/media): made once into
  // .media/ (a few minutes of ffmpeg and sharp the first time on a machine, then taken from its
  // cache in a second), then checked.
  making,
]);
await journeys;
server?.stop();

const passed = results.reduce((n, r) => n + count(r.out, 'passed'), 0);
const failed = results.reduce((n, r) => n + count(r.out, 'failed'), 0);
const broken = results.filter((r) => !r.ok).map((r) => r.name);
/** 119.6 s → "2 min 00 s" (rounded first, so never "1 min 60 s"). */
const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};
console.log('\nstep                 time');
for (const r of results)
  console.log(`${r.name.padEnd(20)} ${clock(r.seconds).padStart(12)}${r.ok ? '' : '  FAILED'}`);
console.log(`${'total'.padEnd(20)} ${clock(seconds(started)).padStart(12)}`);
console.log(`\n${broken.length ? `failing steps: ${broken.join(', ')}` : 'all steps passed'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(broken.length || !built || !media ? 1 : 0);
