// `npm run bench`: a fresh build served by wrangler dev on a fresh seeded D1, then Lighthouse 13
// (mobile, performance and accessibility) several times per page of bench/budgets.json. Prints the
// medians and the gzip JavaScript bytes against each page's budgets (PASS/OVER) and writes
// .bench/results.json. Then API throughput and p95 (autocannon), concurrent viewers, sign-in
// timing and the player, and one table of every figure beside its budget (scripts/bench/verdicts.mjs,
// which `npm run bench:check` prints again from the saved run). A report: exits 0 even over
// budget, unless --strict.
//
//   npm run bench                        every page, runs from the budgets file (3)
//   npm run bench -- --strict            exit 1 on any miss (CI)
//   npm run bench -- --page /faq --runs 1 --no-build    a quick look at one page
//   npm run bench -- --only api --only viewers --no-build   some parts only (pages, api, viewers, signin, player)
//   npm run bench -- --cpu-slowdown 2.9   Lighthouse's CPU slowdown other than its default 4× (the
//                                        calibration for this machine's CPU index, which every run
//                                        prints); .bench/results.json only, the report stays as it is
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { parseHTML } from 'linkedom';
import { load } from './bench/api-load.mjs';
import { clockAt, compare, loadBudgets, median } from './bench/budgets.mjs';
import { jsParts, PLAYER_PARTS, partBudget, scriptBytes } from './bench/js-bytes.mjs';
import { mergeLatest, REPORT_FILE, writeReport } from './bench/latest.mjs';
import { CHROME_FLAGS, DEV_CLOCK, killChromium, lighthouseRun } from './bench/lighthouse-run.mjs';
import { measurePlayerStart } from './bench/player-start.mjs';
import {
  printBusyNote,
  printCalibration,
  printDetails,
  printTable,
  printThroughput,
} from './bench/report.mjs';
import { d1RoundTrips, viewerCookie } from './bench/server-side.mjs';
import { measureSignIn, printSignIn } from './bench/sign-in-timing.mjs';
import { missesOf, printVerdicts, verdicts } from './bench/verdicts.mjs';
import { measureViewers, printViewers } from './bench/viewers.mjs';
import { portInUse, spawnWorker } from './bench/worker.mjs';
import { buildSite } from './build-site.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const { values: args } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    runs: { type: 'string' },
    page: { type: 'string', multiple: true },
    'no-build': { type: 'boolean', default: false },
    player: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    'cpu-slowdown': { type: 'string' },
  },
});
const cpuSlowdown = args['cpu-slowdown'] === undefined ? null : Number(args['cpu-slowdown']);
if (cpuSlowdown !== null && !(cpuSlowdown >= 1 && cpuSlowdown <= 20))
  throw new Error(`--cpu-slowdown ${args['cpu-slowdown']}: a multiplier from 1 to 20`);
const PARTS = ['pages', 'api', 'viewers', 'signin', 'player'];
for (const part of args.only ?? [])
  if (!PARTS.includes(part)) throw new Error(`--only ${part}: known parts are ${PARTS.join(', ')}`);
/** Whether a part runs: --only names it, or (without --only) no --page narrows the run to pages. */
const runs_ = (part) => (args.only ? args.only.includes(part) : part === 'pages' || !args.page);
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const OUT_DIR = '.bench';
const MAX_RETRIES = 2;
const TRANSIENT = new Set([
  'NO_NAVSTART',
  'NO_TRACING_STARTED',
  'PROTOCOL_TIMEOUT',
  'NO_SCREENSHOTS',
]);
const config = loadBudgets('bench/budgets.json');
const runs = Number(args.runs ?? config.runs);
// --page picks pages by path (every entry of it: /tv at each of its hours), skipped ones and paths
// missing from the file (default budgets) too.
const pages = args.page
  ? args.page.flatMap((path) => {
      const listed = config.pages.filter((p) => p.path === path);
      return listed.length ? listed : [{ name: path, path, clock: null, budgets: config.defaults }];
    })
  : config.pages.filter((p) => !p.skip);
if (pages.length === 0)
  throw new Error('no page to measure: bench/budgets.json lists none that is not skipped');

const chromePath = ensureChromium();
rmSync(`${OUT_DIR}/lhr`, { recursive: true, force: true });
mkdirSync(`${OUT_DIR}/lhr`, { recursive: true });
const slug = (path, clock) =>
  (path.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home') +
  (clock ? `-${clock.replace(':', '')}` : '');
const startedAt = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

if (!args['no-build']) {
  console.log('building the site (astro build)…');
  const t = Date.now();
  buildSite();
  console.log(`  built in ${seconds(t)}`);
}

// The sample media first (made once into .media/ and the machine's cache): on a machine that has
// never made them that is minutes of ffmpeg and sharp, which the Worker's start would otherwise
// wait out inside its readiness timeout.
{
  const t = Date.now();
  const made = spawnSync(process.execPath, ['scripts/media/generate.mjs'], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('the sample media could not be made (npm run media)');
  console.log(`  media ready in ${seconds(t)}`);
}

if (await portInUse(PORT))
  throw new Error(`port ${PORT} is already in use; stop that server or set BENCH_PORT`);
console.log(
  `starting the Worker on port ${PORT} (fresh D1, migrated and seeded; log: ${OUT_DIR}/server.log)…`,
);
const workerStart = Date.now();
const worker = spawnWorker({ port: PORT, log: `${OUT_DIR}/server.log` });

// Whatever ends the bench, the Worker's process group and any Chromium go with it.
process.on('exit', () => {
  killChromium();
  worker.stopNow();
});
let stopping = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, async () => {
    stopping = true;
    console.error(`\n${signal}: stopping the Worker and Chromium…`);
    killChromium();
    await worker.stop();
    process.exit(code);
  });
}

const measured = [];
const loadAverages = { start: loadavg().map((x) => Number(x.toFixed(2))) };
let apiFigures = null;
let viewerFigures = null;
let signInFigures = null;
let playerFigures = null;
try {
  await worker.ready();
  console.log(`  answering at ${worker.origin} after ${seconds(workerStart)}`);
  if (runs_('pages')) for (const page of pages) measured.push(await measurePage(page));
  if (config.api && runs_('api')) apiFigures = await measureApi(config.api);
  if (config.signIn && runs_('signin')) {
    console.log('\nsign-in timing…');
    signInFigures = await measureSignIn(worker.origin, config.signIn);
  }
  if (config.player && (runs_('player') || args.player))
    playerFigures = await measurePlayer(config.player);
  // Last: the Worker may still be working off the viewers' backlog when they stop.
  if (config.viewers && runs_('viewers')) {
    console.log(`\n${config.viewers.count} concurrent viewers…`);
    // A failure here (a sign-up refused, say) must not lose the figures measured before it.
    viewerFigures = await measureViewers(worker.origin, config.viewers).catch((error) => {
      console.error(`  the viewers' load failed: ${error.message}`);
      return { count: config.viewers.count, failed: error.message };
    });
  }
} finally {
  await worker.stop();
}

loadAverages.end = loadavg().map((x) => Number(x.toFixed(2)));
const results = measured.map(judge);
if (results.length) {
  printTable(results, runs);
  printDetails(results);
}
printThroughput(apiFigures);
printViewers(viewerFigures);
printSignIn(signInFigures);
printPlayer(playerFigures);
if (results.length) {
  printBusyNote(results);
  printCalibration(results);
}
const report = buildReport(results);
const rows = verdicts(report, config);
console.log('\nEvery figure beside its budget:');
printVerdicts(rows);
console.log(
  `load average (1, 5, 15 min) at the start ${loadAverages.start.join(', ')}, at the end ${loadAverages.end.join(', ')}; ${cpus().length} cores`,
);
const misses = missesOf(rows).map((r) => `${r.section} ${r.subject} ${r.metric}`);
report.pass = misses.length === 0;
report.misses = misses;
writeFileSync(`${OUT_DIR}/results.json`, `${JSON.stringify(report, null, 2)}\n`);
// Figures at another CPU slowdown are not the report's: they would read as the default's.
if (cpuSlowdown === null) writeReport(mergeLatest(report), config);
else
  console.log(
    `\nCPU slowdown ${cpuSlowdown}×: ${REPORT_FILE} and bench/latest.json left as they were`,
  );
console.log(
  misses.length
    ? `\n${misses.length} budget miss(es): ${misses.join(', ')}`
    : '\nevery page within budget',
);
console.log(
  `results: ${OUT_DIR}/results.json, newest figures of each part in ${REPORT_FILE} (total ${seconds(startedAt)})${misses.length && !args.strict ? '; --strict would exit 1' : ''}`,
);
process.exit(args.strict && misses.length ? 1 : 0);

/**
 * Lighthouse `runs` times on one page, then the JS bytes. The first request (a first-time guest's)
 * warms the page up and gives the size of the HTML as served, uncompressed, and its element count.
 * A page with a `clock` is fetched and measured as of that time of day in Moscow.
 */
async function measurePage(page) {
  const url = worker.origin + page.path;
  const clockMs = page.clock ? clockAt(page.clock) : null;
  const headers = clockMs === null ? {} : { [DEV_CLOCK]: String(clockMs) };
  const warm = await fetch(url, { headers }).then(
    async (res) => ({ status: res.status, html: await res.text() }),
    (error) => ({ status: `fetch failed: ${error.message}`, html: null }),
  );
  const html = warm.html
    ? {
        kb: Buffer.byteLength(warm.html) / 1024,
        elements: parseHTML(warm.html).document.querySelectorAll('*').length,
      }
    : null;
  const at = page.clock ? ` at ${page.clock} in Moscow` : '';
  console.log(`\n${page.name} ${page.path}${at} (HTTP ${warm.status}), ${runs} Lighthouse runs`);
  const done = [];
  for (let i = 1; i <= runs; i++) {
    const t = Date.now();
    let run;
    let attempts = 0;
    // Trace hiccups of a fresh Chromium (NO_NAVSTART…) say "run Lighthouse again": up to 2 retries.
    for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
      attempts += 1;
      try {
        run = await lighthouseRun(
          url,
          chromePath,
          `${OUT_DIR}/lhr/${slug(page.path, page.clock)}-${i}.json`,
          { ignoreStatusCode: page.expectStatus !== 200, clockMs, cpuSlowdown },
        );
      } catch (error) {
        run = { error: error.message };
      }
      if (stopping) return new Promise(() => {}); // the signal handler ends the process
      if (!run.error || !retryable(run)) break;
      if (attempt < MAX_RETRIES)
        console.log(`  run ${i}/${runs}: ${run.error.split(':')[0]}, retrying`);
    }
    run.loadAverage = Number(loadavg()[0].toFixed(2));
    run.attempts = attempts;
    done.push(run);
    const line = run.error
      ? `error: ${run.error}`
      : `performance ${run.performance}, accessibility ${run.accessibility}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`;
    const cpu = run.benchmarkIndex ? `, CPU benchmark ${Math.round(run.benchmarkIndex)}` : '';
    console.log(
      `  run ${i}/${runs}: ${line} (${seconds(t)}${cpu}, load ${run.loadAverage.toFixed(1)})`,
    );
  }
  const ok = done.filter((r) => !r.error);
  const scripts = [...new Map(ok.flatMap((r) => r.scripts).map((s) => [s.url, s])).values()];
  const js = ok.length ? await scriptBytes(url, scripts) : null;
  const d1Trips = await d1RoundTrips(worker.origin, page.path).catch(() => null);
  return { page, url, httpStatus: warm.status, runs: done, ok, js, d1Trips, html };
}

/**
 * Throughput and latency of the main read paths against the trivial route of the same Worker
 * (autocannon, `connections` keep-alive connections for `seconds` each). A route `as: "kid"` asks
 * as a kid profile, whose CMS answers are never cached (D1 every time); the others as guests get
 * them (the edge cache).
 */
async function measureApi(api) {
  console.log(
    `\nAPI: ${api.routes.length} read paths against ${api.trivial}, ${api.connections} connections × ${api.seconds} s each (autocannon)…`,
  );
  const options = { seconds: api.seconds, connections: api.connections };
  const trivial = await load(worker.origin, api.trivial, { ...options, label: 'trivial: no D1' });
  const kid = { cookie: await viewerCookie({ kid: true }) };
  const routes = [];
  for (const route of api.routes) {
    const r = await load(worker.origin, route.path, {
      ...options,
      label: route.as === 'kid' ? 'kid profile: never cached' : 'as guests get it',
      headers: route.as === 'kid' ? kid : {},
    });
    routes.push({ ...r, name: route.name });
    console.log(
      `  ${route.name}: ${r.perSecond.toFixed(0)} req/s, p95 ${r.p95Ms} ms${r.failed ? `, ${r.failed} failed` : ''}`,
    );
  }
  return { ...options, trivial, routes };
}

/**
 * The player on a title page that plays for a guest (the first of `player.list`, trailers): time to
 * the first frame after pressing «Смотреть», median of `player.runs` under `player.network` (CDP
 * Network.emulateNetworkConditions), and the page's JavaScript before and after the press; then the
 * same press on the first channel's page (`player.live.runs`, a guest may watch it), live.
 */
async function measurePlayer(player) {
  const list = await (await fetch(`${worker.origin}/cms/content/${player.list}/`)).json();
  const path = `/watch/${list.results[0].id}`;
  console.log(
    `\nplayer: ${player.runs} presses of «Смотреть» on ${path}, ${player.network.label}…`,
  );
  const presses = (at, runs) =>
    measurePlayerStart(worker.origin, at, {
      runs,
      network: player.network,
      dwellMs: player.dwellMs,
      chromePath,
    });
  const measured = await presses(path, player.runs);
  const channels = await (await fetch(`${worker.origin}/cms/tv/channels/`)).json();
  const livePath = `/tv/${(Array.isArray(channels) ? channels : channels.results)[0].slug}`;
  console.log(`  then ${player.live.runs} presses on ${livePath} (live)…`);
  const live = await presses(livePath, player.live.runs);
  const kb = (bytes) => (bytes === undefined ? null : bytes / 1024);
  const ms = (v) => `${Math.round(v)} ms`;
  const parts = measured.js ? jsParts(measured.js.after) : undefined;
  const figures = [
    ['first frame after pressing play', measured.firstFrameMs, player.budgets.firstFrameMs, ms],
    [
      'first frame, pressed right after the load',
      measured.firstFrameColdMs,
      player.budgets.firstFrameColdMs,
      ms,
    ],
    [`live (${livePath}): first frame`, live.firstFrameMs, player.budgets.liveFirstFrameMs, ms],
    [
      'live: pressed right after the load',
      live.firstFrameColdMs,
      player.budgets.liveFirstFrameColdMs,
      ms,
    ],
    [
      'JS at load (gzip)',
      kb(measured.js?.beforeGzipBytes),
      player.budgets.jsBeforePlayKB,
      (v) => `${v.toFixed(1)} KB`,
    ],
    [
      'JS after play (gzip)',
      kb(measured.js?.afterGzipBytes),
      player.budgets.jsAfterPlayKB,
      (v) => `${v.toFixed(1)} KB`,
    ],
    ...PLAYER_PARTS.map(([key, label]) => [
      `  of which ${label}`,
      kb(parts?.[key]),
      player.budgets[partBudget(key)],
      (v) => `${v.toFixed(1)} KB`,
    ]),
  ];
  return {
    path,
    network: player.network,
    runs: measured.runs,
    coldRuns: measured.coldRuns,
    livePath,
    liveRuns: live.runs,
    liveColdRuns: live.coldRuns,
    figures: {
      firstFrameMs: measured.firstFrameMs ?? null,
      firstFrameColdMs: measured.firstFrameColdMs ?? null,
      liveFirstFrameMs: live.firstFrameMs ?? null,
      liveFirstFrameColdMs: live.firstFrameColdMs ?? null,
      jsBeforePlayKB: kb(measured.js?.beforeGzipBytes),
      jsAfterPlayKB: kb(measured.js?.afterGzipBytes),
      ...Object.fromEntries(PLAYER_PARTS.map(([key]) => [partBudget(key), kb(parts?.[key])])),
    },
    scripts: measured.js?.after.requests.map((r) => ({ url: r.url, gzipBytes: r.gzipBytes })),
    checks: figures.map(([label, value, budget, format]) => ({
      label,
      value,
      budget,
      shown: value === null ? '—' : format(value),
      budgetShown: format(budget),
      result: value === null ? 'ERROR' : value <= budget ? 'PASS' : 'OVER',
    })),
  };
}

function printPlayer(figures) {
  if (!figures) return;
  console.log(
    `\nPlayer on ${figures.path} (${figures.network.label}); first frame per run: ${figures.runs.join(' / ')} ms`,
  );
  for (const c of figures.checks)
    console.log(
      `  ${c.label.padEnd(34)} ${c.shown.padEnd(10)} ≤ ${c.budgetShown.padEnd(10)} ${c.result}`,
    );
}

/** A failed run worth repeating: Chromium or the trace failed, not our page (a 404 stays an error). */
function retryable(run) {
  return run.errorCode ? TRANSIENT.has(run.errorCode) : !(run.documentStatus >= 400);
}

/** Medians, budget verdicts and the union of failing audits for one page. */
function judge({ page, url, httpStatus, runs: all, ok, js, d1Trips, html }) {
  const med = (key) => median(ok.map((r) => r[key]));
  const figures = {
    performance: med('performance'),
    accessibility: med('accessibility'),
    lcpMs: med('lcpMs'),
    tbtMs: med('tbtMs'),
    cls: med('cls'),
    jsGzipKB: js ? js.gzipBytes / 1024 : null,
    d1Trips: d1Trips ?? null,
    htmlKB: html?.kb ?? null,
    elements: html?.elements ?? null,
  };
  const failing = new Map();
  for (const run of ok) {
    for (const audit of run.failing) {
      const seen = failing.get(audit.id) ?? { ...audit, runs: 0 };
      seen.runs += 1;
      failing.set(audit.id, seen);
    }
  }
  return {
    name: page.name,
    path: page.path,
    clock: page.clock ?? null,
    url,
    httpStatus,
    expectStatus: page.expectStatus ?? 200,
    budgets: page.budgets,
    figures,
    extra: { fcpMs: med('fcpMs'), speedIndexMs: med('speedIndexMs') },
    checks: compare(figures, page.budgets),
    js,
    failingAudits: [...failing.values()],
    errors: all.filter((r) => r.error).map((r) => r.error),
    runs: all.map(({ failing: _failing, scripts: _scripts, ...figuresOfRun }) => figuresOfRun),
  };
}

/** What .bench/results.json holds: the settings, the machine's load, and every part's figures. */
function buildReport(results) {
  const git = (...a) => spawnSync('git', a, { encoding: 'utf8' }).stdout.trim();
  const first = results.flatMap((r) => r.runs).find((run) => !run.error) ?? {};
  const report = {
    generatedAt: new Date().toISOString(),
    commit: git('rev-parse', 'HEAD'),
    dirty: git('status', '--porcelain').length > 0,
    settings: {
      runs,
      formFactor: 'mobile',
      throttling:
        cpuSlowdown === null
          ? 'Lighthouse default (simulated)'
          : `Lighthouse default (simulated), CPU slowdown ${cpuSlowdown}× (--cpu-slowdown)`,
      lighthouseVersion: first.lighthouseVersion,
      userAgent: first.userAgent,
      benchmarkIndex: first.benchmarkIndex,
      chromeFlags: CHROME_FLAGS,
      jsBytes:
        'gzip level 9 of each Script request fetched again, plus inline scripts; KB = 1024 bytes',
    },
    loadAverages,
    cores: cpus().length,
    pages: results,
    api: apiFigures,
    signIn: signInFigures,
    player: playerFigures,
    viewers: viewerFigures,
  };
  return report;
}
