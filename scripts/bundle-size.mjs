// The production Worker as `wrangler deploy` would upload it: built for production
// (`CLOUDFLARE_ENV=production astro build`, README «Deploy to Cloudflare») into a scratch
// directory, then `wrangler deploy --dry-run` without uploading; its size against the Workers
// limits: 3 MB gzip on the free plan, 10 MB on the paid one. The build reads [env.production] of
// wrangler.toml (bindings, placement, triggers, vars) and refuses a value wrangler rejects; this
// fails then, above 10 MB, when wrangler ignores a setting it does not know, or when any of the
// development fakes (functions/dev/: the sandbox acquirer, the local identity provider) is in it:
// a production build leaves them out (astro.config.mjs).
// Run by `npm test` after the build; alone: `npm run build && node scripts/bundle-size.mjs`.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Strings only the development fakes hold: their tables, the sandbox shop's key, a text of each
 * one's pages. Each must be in the development build (dist/server), or this check proves nothing.
 */
const DEV_MARKERS = [
  'sandbox_payments',
  'dev_oauth_grants',
  'sandbox-secret-key',
  'Это не тестовая карта песочницы',
  'Тестовый провайдер для разработки',
];

/** wrangler's warning about a key of its configuration that it does not know. */
const UNKNOWN_KEYS = /Unexpected fields? found in [^\n]*/g;

const MB = 1024 * 1024;
const FREE = 3 * MB;
const PAID = 10 * MB;

const scratch = mkdtempSync(join(tmpdir(), 'bundle-'));
const outdir = join(scratch, 'upload');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0' };
// The build points wrangler's redirect file (.wrangler/deploy/config.json) at what it built: the
// development build's stays the one `npm run serve` finds.
const REDIRECT = '.wrangler/deploy/config.json';
const redirectCopy = join(scratch, 'redirect.json');
if (existsSync(REDIRECT)) copyFileSync(REDIRECT, redirectCopy);
const cleanUp = () => {
  if (existsSync(redirectCopy)) copyFileSync(redirectCopy, REDIRECT);
  rmSync(scratch, { recursive: true, force: true });
};
const fail = (why, res = {}) => {
  process.stdout.write(res.stdout ?? '');
  process.stderr.write(res.stderr ?? '');
  console.error(`bundle: ${why}`);
  cleanUp();
  process.exit(1);
};
try {
  const built = spawnSync('astro', ['build', '--outDir', join(scratch, 'dist')], {
    encoding: 'utf8',
    env: { ...env, CLOUDFLARE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (existsSync(redirectCopy)) copyFileSync(redirectCopy, REDIRECT);
  if (built.status !== 0) fail('the production build failed', built);
  // A key wrangler does not know (a misspelt `[env.production.placment]`) is only a warning, and
  // the build leaves it out of the Worker's configuration: a production setting lost in silence.
  const unknownKeys = (res) => `${res.stdout ?? ''}${res.stderr ?? ''}`.match(UNKNOWN_KEYS) ?? [];
  const unknown = [...new Set(unknownKeys(built))];
  if (unknown.length > 0)
    fail(`wrangler.toml has settings wrangler ignores:\n  ${unknown.join('\n  ')}`);
  const res = spawnSync(
    'wrangler',
    [
      'deploy',
      '--dry-run',
      '--config',
      join(scratch, 'dist/server/wrangler.json'),
      '--outdir',
      outdir,
    ],
    { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 },
  );
  if (res.status !== 0) fail('the production Worker did not build', res);
  if (unknownKeys(res).length > 0)
    fail('the deploy configuration has settings wrangler ignores', res);
  // wrangler's own figure, for comparison ("Total Upload: … KiB / gzip: … KiB").
  const wranglerLine = /Total Upload:[^\n]*/.exec(res.stdout ?? '')?.[0];

  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      // Source maps are not uploaded unless asked for; the Worker's modules are what counts.
      else if (!name.endsWith('.map') && name !== 'README.md') files.push(path);
    }
  };
  walk(outdir);
  let raw = 0;
  const chunks = [];
  for (const path of files) {
    const bytes = readFileSync(path);
    raw += bytes.length;
    chunks.push(bytes);
  }
  // The markers must be in the development build, or their absence here would prove nothing.
  const holds = (text) => DEV_MARKERS.filter((m) => text.includes(m));
  if (existsSync('dist/server')) {
    const development = readdirSync('dist/server', { recursive: true })
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => readFileSync(join('dist/server', f), 'utf8'))
      .join('\n');
    const missing = DEV_MARKERS.filter((m) => !holds(development).includes(m));
    if (missing.length > 0) fail(`the development build lacks the markers ${missing.join(', ')}`);
  }
  const leaked = holds(Buffer.concat(chunks).toString('utf8'));
  if (leaked.length > 0)
    fail(`the development fakes are in the production Worker: ${leaked.join(', ')}`);
  console.log(`bundle: none of the development fakes (${DEV_MARKERS.length} markers) is in it`);
  // The limit applies to the compressed upload as a whole.
  const gzip = gzipSync(Buffer.concat(chunks), { level: 9 }).length;
  const mb = (n) => `${(n / MB).toFixed(2)} MB`;
  const pct = (n, of) => `${Math.round((n / of) * 100)} %`;
  console.log(`bundle: ${files.length} modules, ${mb(raw)} raw, ${mb(gzip)} gzip`);
  console.log(
    `bundle: free plan limit 3 MB gzip: ${pct(gzip, FREE)} used${gzip > FREE ? ' (OVER)' : ''}`,
  );
  console.log(`bundle: paid plan limit 10 MB gzip: ${pct(gzip, PAID)} used`);
  if (wranglerLine) console.log(`bundle: wrangler says ${wranglerLine.trim()}`);
  if (gzip > PAID) fail('over the 10 MB limit of the paid plan: it cannot be deployed');
} finally {
  cleanUp();
}
