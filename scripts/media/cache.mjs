// The machine's media cache: a finished `.media/` (clips and art) kept outside the clone, under a
// key made of everything that decides its bytes (these generators, the shared art constants, the
// ffmpeg build, sharp's version, the fonts found). A second clone or worktree on the same machine,
// CI's clean clone included, then takes a few hundred milliseconds instead of about 200 CPU-seconds
// of ffmpeg and libvips; `--verify` still checks what it took. The same for the local R2 bucket those
// media were uploaded into (upload.mjs): about 30 CPU-seconds through wrangler's platform proxy.
// Like npm's and Playwright's caches it lives in ~/.cache; MEDIA_CACHE names another folder, or
// `off` to make and upload the media every time.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The files whose text decides the media (each generator and the constants it reads). */
const INPUTS = [
  'scripts/media/generate.mjs',
  'scripts/media/clips.mjs',
  'scripts/media/art.mjs',
  'scripts/media/ffmpeg.mjs',
  // The generator reads each rendition's codec string with the checker's MP4 reader.
  'scripts/media/verify.mjs',
  'functions/shared/art.ts',
];
/** How many keys stay: the newest few, so switching branches back and forth stays cheap. */
const KEEP = 3;

/** The cache's folder of one kind (`media`, `r2`), or null when it is switched off. */
function cacheRoot(kind) {
  const setting = process.env.MEDIA_CACHE;
  if (setting === 'off' || setting === '0') return null;
  return join(
    setting || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'amedia-web'),
    kind,
  );
}

/** The key of the media these inputs make: a hash of the inputs, the tools and the fonts. */
export function mediaKey({ ffmpeg, fonts }) {
  const hash = createHash('sha256');
  for (const file of INPUTS) hash.update(`${file}\n`).update(readFileSync(file));
  const version = spawnSync(ffmpeg, ['-version'], { encoding: 'utf8' }).stdout ?? '';
  hash.update(version.split('\n')[0] ?? '');
  // sharp's exports leave out its package.json: read beside its entry point.
  const sharp = createRequire(import.meta.url).resolve('sharp');
  hash.update(JSON.parse(readFileSync(join(dirname(sharp), '..', 'package.json'), 'utf8')).version);
  // The fonts the text is drawn with, by content (none found is a key of its own).
  for (const font of fonts) hash.update(font ? readFileSync(font) : 'no font');
  return hash.digest('hex').slice(0, 24);
}

/**
 * `from` into `to`, file by file: hard links where they can be made, copies otherwise; files that
 * `copy` names (SQLite databases, written in place) are always copied.
 */
function linkTree(from, to, copy = () => false) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, entry.name);
    const b = join(to, entry.name);
    if (entry.isDirectory()) linkTree(a, b, copy);
    else if (copy(entry.name)) copyFileSync(a, b);
    else {
      try {
        linkSync(a, b);
      } catch {
        copyFileSync(a, b);
      }
    }
  }
}

/** Removes a folder if it is there; a cleanup that fails never fails the caller. */
function remove(path) {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Not ours to remove, or not there: nothing was left behind by us.
  }
}

/** SQLite files and their journals: written in place by whoever opens them, so never linked. */
const sqlite = (name) => /\.sqlite(-wal|-shm)?$/.test(name);

/**
 * Puts the cached copy of `kind` for `key` at `dir` (replacing what is there); false when the cache
 * has none, or cannot be read (then the caller makes the media as if there were no cache). The
 * generators write into a fresh folder and rename it, and R2 writes a new blob for each put, never
 * into a file in place, so a hard-linked file is never changed under the cache.
 */
export function restoreCached(kind, dir, key) {
  const root = cacheRoot(kind);
  const cached = root && join(root, key);
  if (!cached || !existsSync(cached)) return false;
  const partial = `${dir}.cache-${process.pid}`;
  try {
    rmSync(partial, { recursive: true, force: true });
    linkTree(cached, partial, sqlite);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  } catch (error) {
    // Pruned by another run while being read, or not ours to read: made instead.
    remove(partial);
    console.log(`media: the machine's cache ${cached} not taken (${error.message})`);
    return false;
  }
  try {
    const now = new Date();
    utimesSync(cached, now, now);
  } catch {
    // Only the pruning order: the oldest-used key goes first.
  }
  console.log(`media: ${dir} taken from the machine's cache ${cached}`);
  return true;
}

/** Drops `key` from the cache of `kind` (a copy that failed its check after it was taken). */
export function dropCached(kind, key) {
  const root = cacheRoot(kind);
  if (root) remove(join(root, key));
}

/**
 * Keeps `dir` in the cache of `kind` under `key` (whole or not at all; `replace` puts it in place
 * of a copy already there), then drops the oldest keys. Never fails the caller: a cache that
 * cannot be written only means the next clone makes the media again.
 */
export function storeCached(kind, dir, key, { replace = false } = {}) {
  const root = cacheRoot(kind);
  if (!root) return;
  const cached = join(root, key);
  if (replace) remove(cached);
  if (existsSync(cached)) return;
  const partial = `${cached}.partial-${process.pid}`;
  try {
    mkdirSync(root, { recursive: true });
    linkTree(dir, partial, sqlite);
    renameSync(partial, cached);
    console.log(`media: kept in the machine's cache ${cached}`);
  } catch (error) {
    // Another run stored the same key first, or the cache cannot be written.
    remove(partial);
    if (!existsSync(cached)) console.log(`media: not cached (${error.message})`);
  }
  try {
    prune(root);
  } catch {
    // Another run pruning at the same moment: it finishes the job.
  }
}

/** Keeps the KEEP most recently used keys; drops half-stored copies an hour old (a killed run). */
function prune(root) {
  const entries = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: e.name, used: statSync(join(root, e.name)).mtimeMs }));
  const stale = Date.now() - 3_600_000;
  const partial = entries.filter((e) => e.name.includes('.partial-'));
  const keys = entries.filter((e) => !e.name.includes('.partial-')).sort((a, b) => b.used - a.used);
  for (const old of [...keys.slice(KEEP), ...partial.filter((e) => e.used < stale)])
    remove(join(root, old.name));
}
