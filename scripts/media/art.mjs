// The catalogue's raster art, made by `npm run media` after the clips: title posters (2:3),
// backdrops (16:9) and a pool of episode stills, as WebP at two widths each, into `.media/art/`
// (uploaded to R2 under `art/<version>/…` by upload.mjs). The pictures come from the clips' own
// generators (clips.mjs: the fractal, Life, the cellular automaton, the night sky, the test card)
// rendered clean, without clock, titles or credits, at many moments and places; every slot then
// gets its own crop and focal point, mirroring, blur, colour grade (palette, duotone, hue,
// saturation), a second picture blended in, a vignette and sometimes a lit "orb" or a ring.
// A picture with a horizontal seam (scripts/media/seams.mjs) is refused, not written.
// No text: the name of a title is always printed beside its picture.
// Cached: runs again only when `.media/art/stamp.json` names another ART_VERSION, or with --force.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  ART_POOL,
  ART_SIZES,
  ART_VERSION,
  artHeight,
  PHONE_BACKDROP_BYTES,
  STILL_POOL,
} from '../../functions/shared/art.ts';
import { ffmpegPath } from './ffmpeg.mjs';
import { seamRows } from './seams.mjs';

const OUT = join('.media', 'art');
const PARTIAL = join('.media', 'art.partial');
const W = 1280;
const H = 720;
const FRAME = W * H * 3;

/** A small deterministic generator (mulberry32), so the same slot always gets the same picture. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (r, lo, hi) => lo + r() * (hi - lo);
const pick = (r, list) => list[Math.floor(r() * list.length)];

/**
 * The clips' pictures as ffmpeg sources, each giving `frames` stills at 1280×720. Small sizes
 * scaled up where the picture is soft anyway; the fractal visits several places of the set.
 */
function sources() {
  const out = [];
  const spots = [
    [-0.743643887037151, -0.13182590420533, 0.02, 0.0004],
    [-0.761574, -0.0847596, 0.08, 0.001],
    [0.2925, 0.0149, 0.04, 0.0008],
    [-0.088, 0.654, 0.05, 0.001],
    [-1.7687788, -0.001739, 0.03, 0.0006],
    [-0.1011, 0.9563, 0.02, 0.0005],
  ];
  for (const [x, y, from, to] of spots) {
    out.push({
      family: 'fractal',
      frames: 5,
      graph: `mandelbrot=s=640x360:r=1:maxiter=400:start_x=${x}:start_y=${y}:start_scale=${from}:end_scale=${to}:end_pts=5:outer=normalized_iteration_count:inner=period,scale=${W}:${H}:flags=bicubic`,
    });
  }
  for (const [seed, life, death, mold] of [
    [1917, '#ffd23f', '#3a1c5c', '#1f6f8b'],
    [2024, '#ff6b6b', '#101a3a', '#c77dff'],
  ]) {
    out.push({
      family: 'colony',
      frames: 6,
      graph: `life=s=320x180:r=25:ratio=0.12:mold=8:seed=${seed}:life_color=${life}:death_color=${death}:mold_color=${mold},select='gte(n\\,30)*not(mod(n\\,45))',scale=${W}:${H}:flags=bicubic`,
    });
  }
  for (const [rule, seed] of [
    [110, 110],
    [30, 7],
    [90, 3],
  ]) {
    out.push({
      family: 'automaton',
      frames: 4,
      graph: `cellauto=s=320x180:r=25:rule=${rule}:scroll=1:random_fill_ratio=0.5:random_seed=${seed},format=rgb24,lutrgb=r='if(val,250,18)':g='if(val,120,30)':b='if(val,70,60)',select='gte(n\\,200)*not(mod(n\\,60))',scale=${W}:${H}:flags=neighbor`,
    });
  }
  out.push({
    family: 'night',
    frames: 8,
    graph:
      `color=c=black:s=160x90:r=1/3:d=24,format=rgb24,` +
      `geq=r='40+35*sin(X/23+T*0.5)':g='30+30*sin(Y/17-T*0.3)':b='90+60*sin((X+Y)/31+T*0.4)',scale=${W}:${H}[bg];` +
      `color=c=#ff6b35:s=140x140:r=1/3:d=24[s1];color=c=#2ec4b6:s=90x90:r=1/3:d=24[s2];` +
      `[bg][s1]overlay=x='570+420*sin(t*0.6)':y='290+220*cos(t*0.9)'[b1];` +
      `[b1][s2]overlay=x='595-380*cos(t*1.3)':y='315+180*sin(t*0.7)'`,
  });
  out.push({
    family: 'testcard',
    frames: 6,
    graph: `testsrc2=s=${W}x${H}:r=25:d=30,select='not(mod(n\\,120))',hue=h='t*7':s=1.3`,
  });
  return out;
}

/** Renders one source into raw RGB frames. */
function render(ffmpeg, source) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-filter_complex_threads', '1'],
        ...['-filter_complex', `${source.graph},format=rgb24[out]`, '-map', '[out]'],
        ...['-vsync', '0', '-frames:v', String(source.frames), '-threads', '1'],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks = [];
    let err = '';
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`art: ffmpeg exited with ${code}: ${err}`));
      const all = Buffer.concat(chunks);
      const frames = [];
      for (let i = 0; i + FRAME <= all.length; i += FRAME) frames.push(all.subarray(i, i + FRAME));
      resolve(frames.map((data) => ({ family: source.family, data })));
    });
  });
}

/** Palettes as a colourist would pick them: shadow, middle, highlight. */
const PALETTES = [
  ['#07141c', '#1f6f78', '#f2a65a'],
  ['#0b0507', '#6a1020', '#ff6f5e'],
  ['#0d0822', '#5b2a86', '#f5b0cb'],
  ['#120d05', '#7a5a1a', '#ffd27a'],
  ['#050b14', '#234e70', '#bfe3ff'],
  ['#03110c', '#0f5e48', '#9df2c9'],
  ['#0a0414', '#6a1b6f', '#4de1ff'],
  ['#140803', '#8a3b12', '#ffcf99'],
  ['#070707', '#4a4a4a', '#ececec'],
  ['#12041a', '#b3305a', '#ffb347'],
  ['#0d0f05', '#5f6b2a', '#e8e3b0'],
  ['#02061a', '#1b3bbf', '#ffd166'],
  ['#10060a', '#7d2e4f', '#ffd6e0'],
  ['#041016', '#0e7490', '#fde68a'],
];
const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** Blur and crop range per family: the coarse pictures are softened into light and texture. */
const LOOK = {
  fractal: { blur: [0, 0.6], zoom: [1, 2.4] },
  colony: { blur: [3, 9], zoom: [1.2, 2.2] },
  automaton: { blur: [0, 1.2], zoom: [1.4, 3] },
  night: { blur: [8, 22], zoom: [1, 1.6] },
  testcard: { blur: [6, 16], zoom: [1.1, 2] },
};
/** How often a family is the base of a picture (the fractal looks the most like art). */
const WEIGHTS = { fractal: 6, colony: 2, automaton: 2, night: 2, testcard: 1 };

/** Golden-ratio steps: slots next to each other land far apart in any list. */
const spread = (slot, n, offset = 0) => Math.floor((((slot + offset) * 0.6180339887) % 1) * n);

/** A crop of `frame` with the output's aspect at `w`×`h`, around a random point. */
function cropOf(frame, w, h, r, zoomRange) {
  const zoom = between(r, ...zoomRange);
  let ch = Math.round(H / zoom);
  let cw = Math.round((ch * w) / h);
  if (cw > W) {
    cw = W;
    ch = Math.round((cw * h) / w);
  }
  const left = Math.floor(r() * (W - cw + 1));
  const top = Math.floor(r() * (H - ch + 1));
  return sharp(frame.data, { raw: { width: W, height: H, channels: 3 } })
    .extract({ left, top, width: cw, height: ch })
    .resize(w, h, { kernel: 'cubic' });
}

/** A picture softened by `blur`: a wide blur is made at a quarter of the size and scaled up. */
async function softCrop(frame, w, h, r, zoom, blur) {
  if (blur < 3) {
    const img = cropOf(frame, w, h, r, zoom);
    return (blur >= 0.3 ? img.blur(blur) : img).raw().toBuffer();
  }
  const small = await cropOf(frame, Math.round(w / 4), Math.round(h / 4), r, zoom)
    .blur(blur / 4)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(small.data, { raw: small.info }).resize(w, h, { kernel: 'linear' }).raw().toBuffer();
}

const LUMA = [0.2126, 0.7152, 0.0722];
/** Hue rotation and saturation as one colour matrix (cheaper than a trip through LCh). */
function gradeMatrix(degrees, saturation) {
  const c = Math.cos((degrees * Math.PI) / 180);
  const s = Math.sin((degrees * Math.PI) / 180);
  const hue = [
    [0.213 + 0.787 * c - 0.213 * s, 0.715 - 0.715 * c - 0.715 * s, 0.072 - 0.072 * c + 0.928 * s],
    [0.213 - 0.213 * c + 0.143 * s, 0.715 + 0.285 * c + 0.14 * s, 0.072 - 0.072 * c - 0.283 * s],
    [0.213 - 0.213 * c - 0.787 * s, 0.715 - 0.715 * c + 0.715 * s, 0.072 + 0.928 * c + 0.072 * s],
  ];
  const sat = [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) => (1 - saturation) * LUMA[j] + (i === j ? saturation : 0)),
  );
  return sat.map((row) => [0, 1, 2].map((j) => row.reduce((sum, v, k) => sum + v * hue[k][j], 0)));
}

/**
 * The light of a picture, in one pass over its pixels: a second picture blended in (screen or
 * soft light), the palette's tint from shadow to middle, a pool of light at the focal point and
 * now and then a graphic mark (a ring), as designed key art has.
 */
function light(
  pixels,
  w,
  h,
  { second, blend, palette, tint, contrast, exposure, focal, glow, reach, mark },
) {
  const [dark, , hi] = palette.map(rgb);
  const fx = focal.x * w;
  const fy = focal.y * h;
  const radius = reach * Math.max(w, h);
  const ringR = mark ? mark.size * h : 0;
  const ringW = Math.max(1.5, w / 420);
  for (let y = 0, i = 0; y < h; y++) {
    const dy = y - fy;
    for (let x = 0; x < w; x++, i += 3) {
      const dx = x - fx;
      const d = Math.sqrt(dx * dx + dy * dy);
      const g = Math.max(0, 1 - d / radius);
      const pool = glow * g * g;
      let ring = 0;
      if (ringR) ring = Math.max(0, 1 - Math.abs(d - ringR) / ringW) * mark.opacity;
      const luma = (pixels[i] * 0.2126 + pixels[i + 1] * 0.7152 + pixels[i + 2] * 0.0722) / 255;
      for (let c = 0; c < 3; c++) {
        let v = pixels[i + c] / 255;
        if (second) {
          const s = second[i + c] / 255;
          v =
            blend === 'screen'
              ? 1 - (1 - v) * (1 - s * 0.7)
              : v < 0.5
                ? v + (2 * s - 1) * v * (1 - v) * 0.8
                : v + (2 * s - 1) * (Math.sqrt(v) - v) * 0.8;
        }
        // Shadows lean to the palette's dark colour; an S-curve and a lower exposure give depth.
        if (luma < 0.5)
          v = v * (1 - tint * (1 - luma * 2)) + (dark[c] / 255) * tint * (1 - luma * 2);
        v = (v + (v * v * (3 - 2 * v) - v) * contrast) * exposure;
        v += (hi[c] / 255) * pool;
        v = v * (1 - ring) + (hi[c] / 255) * ring;
        pixels[i + c] = v >= 1 ? 255 : v <= 0 ? 0 : v * 255;
      }
    }
  }
}

/** Darker edges, and for posters a darker foot: what a picture's frame and the page meet. */
function vignette(pixels, w, h, strength, foot) {
  for (let y = 0, i = 0; y < h; y++) {
    const ny = (y / h - 0.5) * 2;
    const shade = foot ? Math.max(0, (y / h - 0.62) / 0.38) * foot : 0;
    for (let x = 0; x < w; x++, i += 3) {
      const nx = (x / w - 0.5) * 2;
      const e = Math.max(0, Math.sqrt(nx * nx * 0.8 + ny * ny * 0.8) - 0.55) / 0.75;
      const k = (1 - strength * Math.min(1, e * e)) * (1 - shade);
      pixels[i] *= k;
      pixels[i + 1] *= k;
      pixels[i + 2] *= k;
    }
  }
}

/**
 * One title's key art: a 16:9 picture (the backdrop) and a 2:3 crop of it around its focal
 * point (the poster), so both look like one film; or an episode still.
 */
async function compose(kind, slot, frames, byFamily) {
  const w = kind === 'still' ? ART_SIZES.still.widths.at(-1) : W;
  const h = artHeight(kind === 'still' ? 'still' : 'background', w);
  const r = random(slot * 7919 + (kind === 'still' ? 104729 : 0));
  const families = Object.entries(WEIGHTS).flatMap(([f, n]) => Array(n).fill(f));
  const family = families[spread(slot, families.length, kind === 'still' ? 3 : 0)];
  const own = byFamily[family];
  const frame = own[(spread(slot, own.length, 11) + Math.floor(r() * 3)) % own.length];
  const look = LOOK[family];
  const palette = PALETTES[spread(slot, PALETTES.length, kind === 'still' ? 5 : 0)];
  // The light sits right of the middle: a backdrop's text is on the left, and the poster is
  // cropped around it.
  const focal = { x: between(r, 0.56, 0.76), y: between(r, 0.3, 0.55) };
  const [dark, , hi] = palette.map(rgb);
  const duotone = r() < 0.5;
  const flop = r() < 0.5;
  const flip = family !== 'fractal' && r() < 0.25;
  const base = sharp(await softCrop(frame, w, h, r, look.zoom, between(r, ...look.blur)), {
    raw: { width: w, height: h, channels: 3 },
  })
    .flop(flop)
    .flip(flip);
  if (duotone) {
    // The picture's light mapped from the palette's shadow to its highlight.
    base.recomb([LUMA, LUMA, LUMA]).linear(
      [0, 1, 2].map((c) => (hi[c] - dark[c]) / 255),
      dark,
    );
  } else {
    base
      .recomb(gradeMatrix(between(r, -100, 100), between(r, 0.3, 0.75)))
      .linear(between(r, 0.8, 1.05), -between(r, 4, 16));
  }
  const pixels = await base.raw().toBuffer();

  let second = null;
  if (r() < 0.4) {
    const others = frames.filter((f) => f.family !== family);
    second = await softCrop(pick(r, others), w, h, r, [1, 1.8], between(r, 4, 14));
  }
  const markRoll = r();
  const ring = kind !== 'still' && markRoll < 0.13;
  const mark = ring ? { size: between(r, 0.2, 0.3), opacity: between(r, 0.4, 0.7) } : null;
  // A full-width horizon line was drawn here once (markRoll up to 0.22): it read as a seam in the
  // picture. Its two draws stay, so every other choice of those pictures is what it was.
  if (kind !== 'still' && !ring && markRoll <= 0.22) {
    r();
    r();
  }
  light(pixels, w, h, {
    second,
    blend: r() < 0.5 ? 'screen' : 'soft',
    palette,
    tint: duotone ? 0.2 : between(r, 0.5, 0.8),
    contrast: between(r, 0.5, 1),
    exposure: between(r, 0.78, 0.92),
    focal,
    glow: between(r, 0.12, 0.32),
    reach: between(r, 0.3, 0.55),
    mark,
  });
  // The orb: a lit disc of the fractal at the focal point, something for the eye to land on.
  let picture = pixels;
  if (kind !== 'still' && family !== 'fractal' && r() < 0.3) {
    const size = Math.round(h * between(r, 0.34, 0.5));
    const disc = await cropOf(pick(r, byFamily.fractal), size, size, r, [1.5, 3])
      .recomb(gradeMatrix(between(r, 0, 360), 0.75))
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><radialGradient id="d"><stop offset="0.85" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="url(#d)"/></svg>`,
          ),
          blend: 'dest-in',
        },
      ])
      .png({ compressionLevel: 0 })
      .toBuffer();
    picture = await sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
      .composite([
        {
          input: disc,
          left: Math.round(Math.max(0, Math.min(w - size, focal.x * w - size / 2))),
          top: Math.round(Math.max(0, Math.min(h - size, focal.y * h - size / 2))),
          blend: r() < 0.5 ? 'screen' : 'over',
        },
      ])
      .removeAlpha()
      .raw()
      .toBuffer();
  }
  const strength = between(r, 0.5, 0.8);
  if (kind === 'still') {
    vignette(picture, w, h, strength, 0);
    return { still: picture };
  }
  const pw = Math.round(h * (2 / 3));
  const left = Math.round(Math.max(0, Math.min(w - pw, focal.x * w - pw / 2)));
  const poster = await sharp(picture, { raw: { width: w, height: h, channels: 3 } })
    .extract({ left, top: 0, width: pw, height: h })
    .raw()
    .toBuffer();
  vignette(picture, w, h, strength, 0);
  vignette(poster, pw, h, strength, 0.45);
  return { background: picture, poster };
}

const QUALITY = { poster: 62, background: 56, still: 56 };
/**
 * The phone's backdrop (PHONE_BACKDROP_BYTES): the usual quality fits most; a busy picture (the
 * fractal's fine detail, a starfield) takes the next step, lower quality and then a slight blur,
 * until it fits. Of the 640 backdrops most fit at once (median 9.8 KB), the largest ends at 20.0 KB.
 */
const PHONE_LADDER = [
  [56, 0],
  [46, 0],
  [40, 0.6],
  [36, 1],
  [32, 1.5],
  [28, 2.2],
  [24, 3],
];

async function encode(kind, slot, pixels, dir) {
  const widths = ART_SIZES[kind].widths;
  const w = widths.at(-1);
  const h = artHeight(kind, w);
  let bytes = 0;
  for (const width of widths) {
    const picture = () => {
      const out = sharp(pixels, { raw: { width: w, height: h, channels: 3 } });
      if (width !== w) out.resize(width, artHeight(kind, width));
      return out;
    };
    const file = join(dir, kind, `${slot}-${width}.webp`);
    const capped = kind === 'background' && width === widths[0];
    let data = null;
    for (const [quality, blur] of capped ? PHONE_LADDER : [[QUALITY[kind], 0]]) {
      // Resized first, then softened: the blur's radius is in the phone picture's pixels.
      const out = picture();
      if (blur) out.blur(blur);
      data = await out.webp({ quality, effort: 2 }).toBuffer();
      if (!capped || data.length <= PHONE_BACKDROP_BYTES) break;
    }
    // media:verify fails on it; said here too, where the picture is made.
    if (capped && data.length > PHONE_BACKDROP_BYTES)
      console.warn(`art: ${file} is ${data.length} bytes even at the ladder's end`);
    writeFileSync(file, data);
    bytes += data.length;
  }
  return bytes;
}

async function makeOne(kind, slot, frames, byFamily, dir) {
  const pictures = await compose(kind, slot, frames, byFamily);
  let bytes = 0;
  for (const [k, pixels] of Object.entries(pictures)) {
    const w = ART_SIZES[k].widths.at(-1);
    const rows = seamRows(pixels, w, artHeight(k, w), 3);
    if (rows.length) throw new Error(`art: ${k} ${slot} has a horizontal seam at rows ${rows}`);
    bytes += await encode(k, slot, pixels, dir);
  }
  return bytes;
}

async function pool(items, limit, job) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await job(items[next++]);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Whether `.media/art/` was made whole (every slot, not a `--slots` look) by this ART_VERSION. */
export function artIsFresh() {
  try {
    const stamp = JSON.parse(readFileSync(join(OUT, 'stamp.json'), 'utf8'));
    return stamp.version === ART_VERSION && stamp.slots === ART_POOL;
  } catch {
    return false;
  }
}

/** Makes `.media/art/` unless it is up to date; `slots` limits the titles (for a quick look). */
export async function generateArt({ ffmpeg, force = false, slots = ART_POOL } = {}) {
  if (!force && artIsFresh()) {
    console.log(`art: ${OUT}/ is up to date (${ART_VERSION})`);
    return false;
  }
  const started = Date.now();
  const cpu = process.cpuUsage();
  const parallel = Math.max(1, Math.min(2, availableParallelism()));
  // libvips on one thread per picture, two pictures at a time: two cores, like the clips.
  sharp.concurrency(1);
  sharp.cache(false);
  // In the sources' order whichever ffmpeg ends first: the same slot always gets the same picture.
  const rendered = [];
  await pool(
    sources().map((s, i) => [s, i]),
    parallel,
    async ([s, i]) => {
      rendered[i] = await render(ffmpeg, s);
    },
  );
  const frames = rendered.flat();
  const byFamily = Object.groupBy(frames, (f) => f.family);
  rmSync(PARTIAL, { recursive: true, force: true });
  for (const kind of Object.keys(ART_SIZES)) mkdirSync(join(PARTIAL, kind), { recursive: true });
  const jobs = [
    ...Array.from({ length: slots }, (_, i) => ['title', i + 1]),
    ...Array.from({ length: STILL_POOL }, (_, i) => ['still', i + 1]),
  ];
  let bytes = 0;
  await pool(jobs, parallel, async ([kind, slot]) => {
    // Awaited first: `bytes += await …` reads `bytes` before the wait and loses the other job's sum.
    const made = await makeOne(kind, slot, frames, byFamily, PARTIAL);
    bytes += made;
  });
  writeFileSync(
    join(PARTIAL, 'stamp.json'),
    `${JSON.stringify({ version: ART_VERSION, slots, made: new Date().toISOString() })}\n`,
  );
  rmSync(OUT, { recursive: true, force: true });
  renameSync(PARTIAL, OUT);
  const used = process.cpuUsage(cpu);
  console.log(
    `art: ${jobs.length} pictures from ${frames.length} stills in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${((used.user + used.system) / 1e6).toFixed(1)} CPU-s in Node, ffmpeg apart), ${(bytes / 1e6).toFixed(1)} MB`,
  );
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const slots = Number(args.find((a) => a.startsWith('--slots='))?.slice(8)) || ART_POOL;
  try {
    if (!existsSync('.media')) mkdirSync('.media');
    await generateArt({ ffmpeg: ffmpegPath(), force: args.includes('--force'), slots });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
