// `npm run media:upload`: puts every file of `.media/` into the local R2 bucket behind the MEDIA
// binding, under `vod/<clipId>/<path>` (and `vod/index.json`), the art under `art/<version>/…`, in the state directory PERSIST_TO
// (default .wrangler/state) that `wrangler dev --persist-to` reads. Idempotent and quick on a
// restart: objects whose MD5 and type match the last upload's manifest (`vod-manifest.json` in the
// bucket) are skipped, objects no longer made are removed.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import { getPlatformProxy, unstable_readConfig } from 'wrangler';
import { ART_VERSION } from '../../functions/shared/art.ts';
import { MEDIA_PENDING_KEY } from '../../functions/shared/media.ts';
import { restoreCached, storeCached } from './cache.mjs';

const MEDIA_DIR = '.media';
const ART_DIR = 'art/';
const PREFIX = 'vod/';
/** Beside vod/, so a route serving vod/<clip>/… never serves it. */
const MANIFEST = 'vod-manifest.json';
const PARALLEL = 24;
const TYPES = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.vtt': 'text/vtt',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.webp': 'image/webp',
};

/** Runs `job` over `items`, PARALLEL at a time, in order of the batches. */
async function inBatches(items, job) {
  for (let i = 0; i < items.length; i += PARALLEL)
    await Promise.all(items.slice(i, i + PARALLEL).map(job));
}

/**
 * Puts one clip just made (`dir`, in the partial directory) under `vod/<clip>/`, its meta.json
 * last: the Worker takes a clip whose meta.json is there as whole. Then notes the progress in the
 * pending marker, so the Worker tells viewers the rest is still being made.
 */
export async function putClip(bucket, clip, dir) {
  const media = files(dir).filter((path) => TYPES[extname(path)]);
  const put = (path) =>
    bucket.put(`${PREFIX}${clip}/${relative(dir, path).split(sep).join('/')}`, readFileSync(path), {
      httpMetadata: { contentType: TYPES[extname(path)] },
    });
  const meta = join(dir, 'meta.json');
  const rest = media.filter((path) => path !== meta);
  // A clip made before (another generator) is not whole while its files are replaced.
  await bucket.delete(`${PREFIX}${clip}/meta.json`);
  await inBatches(rest, put);
  await put(meta);
  await markPending(bucket);
}

/**
 * The local R2 bucket behind the MEDIA binding, in the state directory `persistTo` that
 * `wrangler dev --persist-to` reads, through wrangler's platform proxy; `close()` it when done.
 * The proxy gets a config of the bucket alone: with the whole wrangler.toml it would also bind the
 * stream-limit Durable Object, whose class is in the Worker it does not load, and print two
 * warnings about it into every first `npm start`.
 * @example const { bucket, close } = await openMediaBucket('.wrangler/state');
 */
export async function openMediaBucket(persistTo) {
  const { r2_buckets, compatibility_date } = unstable_readConfig({ config: 'wrangler.toml' });
  const media = r2_buckets.find((b) => b.binding === 'MEDIA');
  if (!media) throw new Error('media: wrangler.toml binds no R2 bucket as MEDIA');
  const dir = mkdtempSync(join(tmpdir(), 'amedia-media-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const configPath = join(dir, 'wrangler.json');
    writeFileSync(
      configPath,
      JSON.stringify({ name: 'amedia-media', compatibility_date, r2_buckets: [media] }),
    );
    // wrangler dev --persist-to X keeps its Miniflare state in X/v3; the proxy takes that inner
    // directory itself, resolved here because the proxy's root is the config's directory.
    const { env, dispose } = await getPlatformProxy({
      configPath,
      persist: { path: resolve(persistTo, 'v3') },
      remoteBindings: false,
      envFiles: [],
    });
    return { bucket: env.MEDIA, close: () => dispose().finally(remove) };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Says in R2 that media are being made and when the last progress was (see functions/shared/media.ts). */
export function markPending(bucket) {
  return bucket.put(MEDIA_PENDING_KEY, JSON.stringify({ progress: new Date().toISOString() }), {
    httpMetadata: { contentType: 'application/json' },
  });
}

export function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

export async function upload({ persistTo = process.env.PERSIST_TO ?? '.wrangler/state' } = {}) {
  const started = Date.now();
  const local = files(MEDIA_DIR)
    .map((path) => {
      const name = relative(MEDIA_DIR, path).split(sep).join('/');
      // The art (art.mjs) keeps its own prefix, `art/<version>/…`: the pictures are not clips.
      return {
        path,
        key: name.startsWith(ART_DIR)
          ? `art/${ART_VERSION}/${name.slice(ART_DIR.length)}`
          : PREFIX + name,
      };
    })
    // The caches' own stamps are not media.
    .filter((f) => !f.key.endsWith('/stamp.json') && !f.key.includes('.partial/'));
  if (!local.some((f) => f.key === `${PREFIX}index.json`)) {
    throw new Error(`media: ${MEDIA_DIR}/index.json is missing; run npm run media first`);
  }
  // What each object should hold (its MD5, as R2's etag) and the type it is served with.
  const manifest = {};
  const sizes = new Map();
  for (const f of local) {
    const body = readFileSync(f.path);
    sizes.set(f.key, body.length);
    manifest[f.key] = {
      md5: createHash('md5').update(body).digest('hex'),
      type: TYPES[extname(f.path)] ?? 'application/octet-stream',
    };
  }
  // A bucket of exactly these objects, stored by this Miniflare, may be in the machine's cache
  // (cache.mjs): an empty state takes it, and the comparison below then finds nothing to do.
  const wrangler = JSON.parse(readFileSync('node_modules/wrangler/package.json', 'utf8')).version;
  const bucketKey = createHash('sha256')
    .update(`${wrangler}\n${JSON.stringify(manifest)}`)
    .digest('hex')
    .slice(0, 24);
  const r2 = join(persistTo, 'v3', 'r2');
  const empty = !existsSync(r2);
  if (empty) restoreCached('r2', r2, bucketKey);
  const { bucket, close } = await openMediaBucket(persistTo);
  try {
    // What the last upload put, read as one object: reading sizes and etags off a listing costs
    // a round trip to workerd per property (seconds for 660 objects), this costs one.
    const previous = await bucket.get(MANIFEST);
    const stored = new Map(Object.entries(previous ? await previous.json() : {}));
    const todo = [];
    let bytes = 0;
    for (const f of local) {
      const entry = manifest[f.key];
      const have = stored.get(f.key);
      stored.delete(f.key);
      if (have?.md5 === entry.md5 && have.type === entry.type) continue;
      todo.push({ ...f, ...entry });
      bytes += sizes.get(f.key);
    }
    const stale = [...stored.keys()];
    // Each clip's meta.json (and the clip list) after everything they name: the Worker plays a
    // clip whose meta.json is there, and the site may already serve (scripts/start.mjs).
    const last = (f) => f.key.endsWith('/meta.json') || f.key === `${PREFIX}index.json`;
    const put = async (f) => {
      const object = await bucket.put(f.key, readFileSync(f.path), {
        httpMetadata: { contentType: f.type },
      });
      if (object?.etag !== f.md5)
        throw new Error(`media: R2 stored ${f.key} with etag ${object?.etag}`);
    };
    await inBatches(
      todo.filter((f) => !last(f)),
      put,
    );
    await inBatches(todo.filter(last), put);
    for (let i = 0; i < stale.length; i += 1000) await bucket.delete(stale.slice(i, i + 1000));
    // Written last: an interrupted upload leaves the previous manifest, so the next run redoes it.
    await bucket.put(MANIFEST, JSON.stringify(manifest), {
      httpMetadata: { contentType: 'application/json' },
    });
    // Every clip and picture is in place: nothing is «still being made» (scripts/start.mjs).
    await bucket.delete(MEDIA_PENDING_KEY);
    console.log(
      `media: ${todo.length} of ${local.length} objects uploaded (${(bytes / 1e6).toFixed(1)} MB), ` +
        `${stale.length} removed, into R2 amedia-media in ${persistTo} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await close();
  }
  // A bucket that held nothing else before now holds exactly the media: kept for the next state.
  if (empty) storeCached('r2', r2, bucketKey);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await upload();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
