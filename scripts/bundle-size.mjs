// The production Worker as `wrangler deploy` would upload it, built without uploading
// (`--dry-run --env production`) after `astro build`, and its size against the Workers limits:
// 3 MB gzip on the free plan, 10 MB on the paid one. Fails above 10 MB, or when it does not build.
// The Astro build writes a redirected wrangler config with the development vars (wrangler then
// ignores `--env`): the code is the same as production's, only its vars differ, so its size is
// the production Worker's size.
// Run by `npm test` after the build; alone: `npm run build && node scripts/bundle-size.mjs`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const MB = 1024 * 1024;
const FREE = 3 * MB;
const PAID = 10 * MB;

const outdir = mkdtempSync(join(tmpdir(), 'bundle-'));
try {
  const res = spawnSync(
    'wrangler',
    ['deploy', '--dry-run', '--env', 'production', '--outdir', outdir],
    {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (res.status !== 0) {
    process.stdout.write(res.stdout ?? '');
    process.stderr.write(res.stderr ?? '');
    console.error('bundle: the production Worker did not build');
    process.exit(1);
  }
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
  if (gzip > PAID) {
    console.error('bundle: over the 10 MB limit of the paid plan: it cannot be deployed');
    process.exit(1);
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
