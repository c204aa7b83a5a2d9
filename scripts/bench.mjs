// `npm run bench`: Lighthouse (mobile) medians and the gzip JavaScript bytes (files and inline) of each page in
// bench/budgets.json, measured against a fresh build served by wrangler dev. Prints figures and
// PASS/OVER per budget; exits 0 (a report), or 1 on any miss with --strict.
// Results: .bench/results.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from './ensure-chromium.mjs';

const strict = process.argv.includes('--strict');
const port = process.env.BENCH_PORT ?? '8796';
const base = `http://localhost:${port}`;
const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8'));
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', WRANGLER_SEND_METRICS: 'false' };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function build() {
  console.log('building…');
  const res = spawnSync('astro', ['build'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (res.status !== 0) throw new Error('astro build failed');
}

/** wrangler dev on a fresh, seeded local D1, in its own process group. */
async function startServer() {
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], { env: { ...env, E2E_PORT: port }, stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/get-ip/`)).ok) return stop;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`the server did not answer on ${base}`);
}

/** Gzip size of every script the page loaded (files fetched again) plus its inline scripts, at level 9. */
async function gzipBytes(path, urls) {
  const gz = (buf) => gzipSync(buf, { level: 9 }).length;
  let total = 0;
  for (const url of urls) total += gz(Buffer.from(await (await fetch(url)).arrayBuffer()));
  const html = await (await fetch(`${base}${path}`)).text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  return total + (inline ? gz(Buffer.from(inline)) : 0);
}

async function measure(chrome, path) {
  const runs = [];
  for (let i = 0; i < budgets.runs; i++) {
    const { lhr } = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => r.url);
    runs.push({
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      scripts,
      failedA11y: Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
        .map((a) => a.id),
    });
  }
  const scripts = runs[0].scripts;
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
    tbtMs: Math.round(median(runs.map((r) => r.tbtMs))),
    cls: Number(median(runs.map((r) => r.cls)).toFixed(3)),
    jsFiles: scripts.length,
    jsGzipBytes: await gzipBytes(path, scripts),
    failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
  };
}

const verdict = (ok) => (ok ? 'PASS' : 'OVER');

build();
const stop = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = [];
try {
  for (const page of budgets.pages) {
    process.stdout.write(`measuring ${page.path} (${budgets.runs} runs)… `);
    const m = await measure(chrome, page.path);
    const checks = {
      performance: m.performance >= page.performance,
      accessibility: m.accessibility >= page.accessibility,
      js: m.jsGzipBytes <= page.jsGzipKb * 1024,
      cls: m.cls <= page.cls,
    };
    results.push({ ...page, ...m, checks });
    console.log('done');
  }
} finally {
  await chrome.kill();
  stop();
}

console.log(`\nLighthouse mobile, median of ${budgets.runs} runs; JS = gzip -9 bytes of the script files and inline scripts of the page\n`);
console.log('page'.padEnd(14) + 'perf'.padStart(10) + 'a11y'.padStart(10) + 'JS gzip'.padStart(16) + 'CLS'.padStart(12) + 'LCP ms'.padStart(9) + 'TBT ms'.padStart(9));
for (const r of results) {
  console.log(
    r.path.padEnd(14) +
      `${r.performance} ${verdict(r.checks.performance)}`.padStart(10) +
      `${r.accessibility} ${verdict(r.checks.accessibility)}`.padStart(10) +
      `${(r.jsGzipBytes / 1024).toFixed(1)} KB ${verdict(r.checks.js)}`.padStart(16) +
      `${r.cls} ${verdict(r.checks.cls)}`.padStart(12) +
      String(r.lcpMs).padStart(9) +
      String(r.tbtMs).padStart(9),
  );
  if (r.failedA11y.length) console.log(`  failed accessibility audits: ${r.failedA11y.join(', ')}`);
}
const budgetsLine = budgets.pages.map((p) => `${p.path}: perf ≥ ${p.performance}, a11y ≥ ${p.accessibility}, JS ≤ ${p.jsGzipKb} KB, CLS ≤ ${p.cls}`).join('; ');
console.log(`\nbudgets (bench/budgets.json): ${budgetsLine}`);
mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/results.json', JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
const misses = results.flatMap((r) => Object.entries(r.checks).filter(([, ok]) => !ok).map(([k]) => `${r.path} ${k}`));
console.log(misses.length ? `over budget: ${misses.join(', ')}` : 'all within budget');
process.exit(strict && misses.length ? 1 : 0);
