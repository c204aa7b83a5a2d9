// Completes package-lock.json for `npm ci` on machines whose registry mirror carries only the
// Linux builds of platform-specific optional packages (workerd, Astro's compiler bindings...).
// npm leaves those other-platform packages out of the lock when the mirror answers 404, and
// `npm ci` then refuses the lock as "Missing: name@ from lock file". This adds each missing one as
// an optional entry with its os/cpu, so npm records it and skips it on this platform, as it would
// with a lock written against the public registry. Run after changing dependencies:
// `npm install && node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

/** os and cpu from a platform package's name, e.g. workerd-darwin-arm64, compiler-binding-win32-x64-msvc. */
function platformOf(name) {
  const os = [
    'darwin',
    'linux',
    'win32',
    'windows',
    'android',
    'freebsd',
    'openbsd',
    'sunos',
    'aix',
    'netbsd',
  ].find((o) => new RegExp(`-${o}(-|$)`).test(name));
  const cpu = [
    'arm64',
    'x64',
    'ia32',
    'arm',
    'wasm32',
    'riscv64',
    'ppc64',
    's390x',
    'loong64',
  ].find((c) => new RegExp(`-${c}(-|$)`).test(name));
  if (name.endsWith('-64') && !cpu) return { os: [os === 'windows' ? 'win32' : os], cpu: ['x64'] };
  return { os: os ? [os === 'windows' ? 'win32' : os] : undefined, cpu: cpu ? [cpu] : undefined };
}

/**
 * Whether npm finds `dep` for the package at `path` (nested first, then up to the root); the
 * nearest copy counts, and it must be the pinned version when the range is an exact version.
 */
function resolves(path, dep, range) {
  let base = path;
  for (;;) {
    const found = packages[`${base ? `${base}/` : ''}node_modules/${dep}`];
    if (found) return !/^\d+\.\d+\.\d+$/.test(range) || found.version === range;
    if (!base) return false;
    const idx = base.lastIndexOf('/node_modules/');
    base = idx === -1 ? '' : base.slice(0, idx);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, dep, version)) continue;
    const { os, cpu } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform package: leave it to npm
    const at = `${path ? `${path}/` : ''}node_modules/${dep}`;
    packages[at] = { version, optional: true, ...(cpu && { cpu }), ...(os && { os }) };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile-platforms: ${added} other-platform optional packages recorded`);
