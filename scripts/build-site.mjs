// `astro build` for the scripts that serve the site to measure or photograph it (bench, shots):
// quiet unless it fails, then its output and an error.
import { spawnSync } from 'node:child_process';

export function buildSite() {
  const res = spawnSync('astro', ['build'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
  });
  if (res.status !== 0) {
    process.stdout.write(res.stdout + res.stderr);
    throw new Error('astro build failed');
  }
}
