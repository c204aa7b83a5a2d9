// `npm run media`: makes the sample clips (adaptive HLS in fragmented MP4: three H.264 renditions,
// two AAC audio renditions, WebVTT subtitles, a thumbnail sprite, a poster, meta.json) into
// `.media/` with ffmpeg.
// Cached: runs again only when `.media/stamp.json` is missing or names another MEDIA_VERSION
// (bump it whenever the output changes), or with `--force`. `--verify` checks the result afterwards.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { artIsFresh, generateArt } from './art.mjs';
import { dropCached, mediaKey, restoreCached, storeCached } from './cache.mjs';
import { CLIPS, creditsText } from './clips.mjs';
import { ffmpegPath } from './ffmpeg.mjs';
import { readInit, verify } from './verify.mjs';

export { ffmpegPath };

export const MEDIA_VERSION = 6;
export const MEDIA_DIR = '.media';
const PARTIAL_DIR = '.media.partial';
export const SEGMENT_SECONDS = 2;
export const FPS = 25;
const GOP = SEGMENT_SECONDS * FPS;
/** Caps for synthetic content; CRF keeps simple pictures (the test card) much smaller than the cap. */
export const VIDEO = [
  { name: 'v240', width: 426, height: 240, level: '2.1', maxrate: 300_000, label: '240p' },
  { name: 'v480', width: 854, height: 480, level: '3.0', maxrate: 800_000, label: '480p' },
  { name: 'v720', width: 1280, height: 720, level: '3.1', maxrate: 1_800_000, label: '720p' },
];
export const AUDIO = [
  { name: 'a-ru', lang: 'ru', label: 'Русский', default: true },
  { name: 'a-en', lang: 'en', label: 'English', default: false },
];
export const AUDIO_CODEC = 'mp4a.40.2';
/** Each rendition's initialisation segment (the tracks' description), beside its media segments. */
export const INIT_SEGMENT = 'init.mp4';
const AUDIO_BITRATE = '96k';
export const SUBTITLES = [
  { lang: 'ru', label: 'Русские', file: 'subs-ru.vtt' },
  { lang: 'en', label: 'English', file: 'subs-en.vtt' },
];
export const THUMB = { width: 160, height: 90, columns: 10 };

const FONT_DIRS = [
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/dejavu',
  '/usr/share/fonts/TTF',
];

/** The font for text on the picture, or null: without one the clips are made without text. */
function findFont(file) {
  if (process.env.MEDIA_FONT && file === 'DejaVuSans.ttf') return process.env.MEDIA_FONT;
  for (const dir of FONT_DIRS) if (existsSync(join(dir, file))) return join(dir, file);
  return null;
}

/** WebVTT time: 00:01:02.500 */
export function vttTime(seconds) {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function isFresh(font = findFont('DejaVuSans.ttf')) {
  try {
    const stamp = JSON.parse(readFileSync(join(MEDIA_DIR, 'stamp.json'), 'utf8'));
    return stamp.version === MEDIA_VERSION && stamp.text === Boolean(font);
  } catch {
    return false;
  }
}

/** The picture every clip shares on top of its own: the intro card and the rolling credits. */
function overlays(clip, font) {
  const { start, end } = clip.intro;
  const c = clip.credits;
  const intro = `enable='between(t,${start},${end})'`;
  const credits = `enable='gte(t,${c})'`;
  const filters = [
    // Without a font the intro and the credits still show: a blue card, then a dark one.
    `drawbox=x=0:y=0:w=iw:h=ih:color=0x14306a@0.9:t=fill:${intro}`,
    `drawbox=x=0:y=0:w=iw:h=ih:color=black@0.85:t=fill:${credits}`,
  ];
  if (font) {
    // Scrolls the whole credits text (about 560 px high) through the frame before the clip ends.
    const speed = Math.ceil((720 + 560) / (clip.duration - c));
    filters.push(
      `drawtext=fontfile=${font}:textfile=intro-top.txt:fontsize=34:fontcolor=0xb8c7e6:x=(w-tw)/2:y=h/2-110:${intro}`,
      `drawtext=fontfile=${font}:textfile=title.txt:fontsize=84:fontcolor=white:x=(w-tw)/2:y=h/2-40:${intro}`,
      `drawtext=fontfile=${font}:textfile=intro-bottom.txt:fontsize=28:fontcolor=0xb8c7e6:x=(w-tw)/2:y=h/2+80:${intro}`,
      `drawtext=fontfile=${font}:textfile=credits.txt:fontsize=40:line_spacing=16:fontcolor=white:x=(w-tw)/2:y=h-(t-${c})*${speed}:${credits}`,
    );
  }
  return filters.join(',');
}

/** The clip's id and running time in the top left corner (helps testing that time advances). */
function clock(font, mono) {
  if (!font) return 'null';
  return `drawtext=fontfile=${mono ?? font}:textfile=clock.txt:fontsize=34:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=10:x=24:y=24`;
}

/** The rendition's name in the top right corner, so a tester sees a level switch. */
function label(text, font, height) {
  if (!font) return 'null';
  const size = Math.round(height / 18);
  return `drawtext=fontfile=${font}:text=${text}:fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=${Math.round(size / 4)}:x=w-tw-${size}:y=${size}`;
}

/**
 * A rendition as fragmented MP4 (CMAF): an init segment and `seg-NNNNN.m4s` media segments. The
 * browser's MediaSource takes these as they are, so the player passes them through instead of
 * remuxing MPEG-TS on the page's main thread, and its hls.js build leaves the TS demuxer and the
 * remuxer out (docs/decisions.md, «Clips in fragmented MP4»).
 */
function hlsOutput(dir) {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    INIT_SEGMENT,
    '-hls_segment_filename',
    `${dir}/seg-%05d.m4s`,
    `${dir}/ffmpeg.m3u8`,
  ];
}

function ffmpegArgs(clip, font, mono) {
  const d = clip.duration;
  const graph = [
    clip.video({ d, font }),
    `[base]${overlays(clip, font)},split=2[clean][timed]`,
    // A still at every segment start, without the clock and the quality label: the thumbnails
    // (the picture a viewer lands on when seeking there) and the poster come from these.
    `[clean]select='not(mod(n,${GOP}))'[stills]`,
    `[timed]${clock(font, mono)},split=3[o720][o480][o240]`,
    // Square pixels: 854 and 426 are not exactly 16:9, and scale would otherwise set a sample
    // aspect ratio that makes players show 427 or 853 pixels wide.
    `[o720]setsar=1,${label('720p', font, 720)}[v720]`,
    // Bilinear: a quarter cheaper than the default bicubic, and good enough for scaling down.
    `[o480]scale=854:480:flags=bilinear,setsar=1,${label('480p', font, 480)}[v480]`,
    `[o240]scale=426:240:flags=bilinear,setsar=1,${label('240p', font, 240)}[v240]`,
    // One AAC frame (1024 samples) short: the encoder adds that much priming in front, so the
    // encoded track lasts exactly d seconds and ends with a full segment, not a 21 ms stub.
    ...AUDIO.map(
      (a) =>
        `aevalsrc=exprs='${clip.audio[a.lang]}':s=48000:d=${(d * 48000 - 1024) / 48000},aformat=channel_layouts=stereo[${a.name}]`,
    ),
  ].join(';');
  // One thread for the filters and one per encoder (run one after another by ffmpeg's main loop):
  // each ffmpeg keeps to one core, and the generator runs two at a time on a shared machine.
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-filter_complex_threads', '1'];
  args.push('-filter_complex', graph);
  for (const v of VIDEO) {
    args.push(
      '-map',
      `[${v.name}]`,
      '-c:v',
      'libx264',
      '-threads',
      '1',
      // superfast, not veryfast: a quarter less CPU for these clips. ultrafast costs more here, as
      // its CAVLC (no CABAC) spends longer on the bits the rate cap allows for busy pictures.
      '-preset',
      'superfast',
      '-profile:v',
      'main',
      '-level',
      v.level,
      '-pix_fmt',
      'yuv420p',
      '-r',
      String(FPS),
      // A keyframe exactly at every segment start and nowhere else: fixed GOP, no scene cuts.
      '-g',
      String(GOP),
      '-keyint_min',
      String(GOP),
      '-sc_threshold',
      '0',
      // No B-frames: with them the video's timestamps start two frames after the audio's (each
      // rendition has its own muxer), which would put the separate audio playlists out of sync.
      '-bf',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-crf',
      '23',
      '-maxrate',
      String(v.maxrate),
      '-bufsize',
      String(v.maxrate),
      ...hlsOutput(v.name),
    );
  }
  for (const a of AUDIO) {
    args.push(
      '-map',
      `[${a.name}]`,
      '-c:a',
      'aac',
      '-threads',
      '1',
      '-b:a',
      AUDIO_BITRATE,
      '-ar',
      '48000',
      '-ac',
      '2',
      ...hlsOutput(a.name),
    );
  }
  // One file per still (at the stills' own rate, or ffmpeg would repeat each to fill 25 fps), so
  // this output lags the others by at most a segment: an output that waited for the middle or the
  // end would make ffmpeg hold every frame of the other outputs in memory until then.
  args.push('-map', '[stills]', '-r', String(1 / SEGMENT_SECONDS), '-q:v', '3');
  args.push('-start_number', '0', 'stills/%05d.jpg');
  return args;
}

/** The thumbnail sprite: the stills scaled down and tiled, ten to a row. */
function spriteArgs(clip) {
  const rows = Math.ceil(clip.duration / SEGMENT_SECONDS / THUMB.columns);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-start_number',
    '0',
    '-i',
    'stills/%05d.jpg',
    '-threads',
    '1',
    '-vf',
    `scale=${THUMB.width}:${THUMB.height},tile=${THUMB.columns}x${rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    'thumbs.jpg',
  ];
}

const children = new Set();
// Stopping the generator stops its encoders too (they would otherwise run on, orphaned).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  });
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'pipe'] });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`ffmpeg exited with ${code}:\n${err.slice(-4000)}`)),
    );
  });
}

/** Segment URIs and durations from the playlist ffmpeg wrote. */
function ffmpegSegments(dir) {
  const lines = readFileSync(join(dir, 'ffmpeg.m3u8'), 'utf8').split('\n');
  const segments = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^#EXTINF:([\d.]+),/);
    if (m) segments.push({ duration: Number(m[1]), uri: lines[i + 1].trim() });
  }
  return segments;
}

/** The media playlist, written by us so every rendition has the same shape and relative URIs. */
function mediaPlaylist(segments) {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${INIT_SEGMENT}"`,
    ...segments.flatMap((s) => [`#EXTINF:${s.duration.toFixed(6)},`, s.uri]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** avc1.PPCCLL of a video rendition, read from its init segment's `avcC` as the checker reads it. */
function videoCodec(initFile) {
  const { codec } = readInit(readFileSync(initFile));
  if (!codec?.startsWith('avc1.')) throw new Error(`no H.264 decoder configuration in ${initFile}`);
  return codec;
}

/** Peak and average bits per second over a rendition's segments. */
function bitrates(dir, segments) {
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const s of segments) {
    const size = statSync(join(dir, s.uri)).size * 8;
    peak = Math.max(peak, size / s.duration);
    bits += size;
    seconds += s.duration;
  }
  return { peak: Math.ceil(peak), average: Math.ceil(bits / seconds) };
}

function vtt(cues) {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join('\n')}`;
}

/** Subtitle lines spread evenly over the clip, each shown for most of its slot. */
function subtitleCues(lines, duration) {
  const slot = duration / lines.length;
  return lines.map((text, i) => ({
    start: i * slot + 0.3,
    end: Math.min(duration, (i + 1) * slot - 0.3),
    text,
  }));
}

async function makeClip(clip, ffmpeg, font, mono) {
  const dir = join(PARTIAL_DIR, clip.id);
  mkdirSync(dir, { recursive: true });
  for (const r of [...VIDEO, ...AUDIO, { name: 'stills' }]) mkdirSync(join(dir, r.name));
  const texts = {
    'title.txt': clip.name,
    'intro-top.txt': 'Амедиатека представляет',
    'intro-bottom.txt': `${clip.nameEn} · заставка`,
    'credits.txt': creditsText(clip),
    'clock.txt': `${clip.id}  %{pts:hms}`,
    'counter.txt': '%{eif:t:d}',
  };
  for (const [file, text] of Object.entries(texts)) writeFileSync(join(dir, file), text);
  const started = Date.now();
  await run(ffmpeg, ffmpegArgs(clip, font, mono), dir);
  await run(ffmpeg, spriteArgs(clip), dir);
  // The poster: the still from the middle of the clip (after the intro, before the credits).
  const middle = String(Math.floor(clip.duration / SEGMENT_SECONDS / 2)).padStart(5, '0');
  copyFileSync(join(dir, 'stills', `${middle}.jpg`), join(dir, 'poster.jpg'));
  rmSync(join(dir, 'stills'), { recursive: true });
  for (const file of Object.keys(texts)) rmSync(join(dir, file));

  const audio = AUDIO.map((a) => {
    const segments = ffmpegSegments(join(dir, a.name));
    rmSync(join(dir, a.name, 'ffmpeg.m3u8'));
    writeFileSync(join(dir, a.name, 'index.m3u8'), mediaPlaylist(segments));
    return { ...a, ...bitrates(join(dir, a.name), segments) };
  });
  const audioPeak = Math.max(...audio.map((a) => a.peak));
  const audioAverage = Math.max(...audio.map((a) => a.average));
  const video = VIDEO.map((v) => {
    const segments = ffmpegSegments(join(dir, v.name));
    rmSync(join(dir, v.name, 'ffmpeg.m3u8'));
    writeFileSync(join(dir, v.name, 'index.m3u8'), mediaPlaylist(segments));
    const rate = bitrates(join(dir, v.name), segments);
    return {
      ...v,
      segments: segments.length,
      codecs: videoCodec(join(dir, v.name, INIT_SEGMENT)),
      // A variant's bandwidth counts the audio rendition played with it (the larger of the two).
      bandwidth: rate.peak + audioPeak,
      averageBandwidth: rate.average + audioAverage,
    };
  });

  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...AUDIO.map(
      (a) =>
        `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="${a.lang}",NAME="${a.label}",DEFAULT=${a.default ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS="2",URI="${a.name}/index.m3u8"`,
    ),
    ...video.flatMap((v) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},AVERAGE-BANDWIDTH=${v.averageBandwidth},RESOLUTION=${v.width}x${v.height},CODECS="${v.codecs},${AUDIO_CODEC}",FRAME-RATE=${FPS.toFixed(3)},AUDIO="aud"`,
      `${v.name}/index.m3u8`,
    ]),
    '',
  ].join('\n');
  writeFileSync(join(dir, 'master.m3u8'), master);

  for (const s of SUBTITLES) {
    writeFileSync(join(dir, s.file), vtt(subtitleCues(clip.subtitles[s.lang], clip.duration)));
  }
  const tiles = clip.duration / SEGMENT_SECONDS;
  const thumbCues = Array.from({ length: tiles }, (_, i) => {
    const x = (i % THUMB.columns) * THUMB.width;
    const y = Math.floor(i / THUMB.columns) * THUMB.height;
    return {
      start: i * SEGMENT_SECONDS,
      end: (i + 1) * SEGMENT_SECONDS,
      text: `thumbs.jpg#xywh=${x},${y},${THUMB.width},${THUMB.height}`,
    };
  });
  writeFileSync(join(dir, 'thumbs.vtt'), vtt(thumbCues));

  const meta = {
    id: clip.id,
    name: clip.name,
    duration: clip.duration,
    segmentDuration: SEGMENT_SECONDS,
    segments: clip.duration / SEGMENT_SECONDS,
    container: 'fmp4',
    fps: FPS,
    master: 'master.m3u8',
    video: video.map((v) => ({
      name: v.name,
      width: v.width,
      height: v.height,
      bandwidth: v.bandwidth,
      averageBandwidth: v.averageBandwidth,
      codecs: v.codecs,
      playlist: `${v.name}/index.m3u8`,
    })),
    audio: audio.map((a) => ({
      name: a.name,
      lang: a.lang,
      label: a.label,
      default: a.default,
      codecs: AUDIO_CODEC,
      playlist: `${a.name}/index.m3u8`,
    })),
    subtitles: SUBTITLES,
    thumbnails: 'thumbs.vtt',
    poster: 'poster.jpg',
    intro: clip.intro,
    credits: clip.credits,
  };
  writeFileSync(join(dir, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(
    `media: ${clip.id} «${clip.name}» ${clip.duration} s in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return meta;
}

/** Runs `jobs` with at most `limit` at a time, keeping their order in the result. */
async function pool(items, limit, job) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await job(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Makes the clips into `.media/` unless they are fresh. `onClip(meta, dir)`, awaited after each
 * clip is whole in `dir` (the partial directory), lets `npm start` put it in R2 at once.
 */
export async function generate({ force = false, onClip } = {}) {
  const font = findFont('DejaVuSans.ttf');
  const mono = findFont('DejaVuSansMono.ttf');
  if (!force && isFresh(font)) {
    console.log(
      `media: ${MEDIA_DIR}/ is up to date (version ${MEDIA_VERSION}); delete it to remake`,
    );
    return false;
  }
  const ffmpeg = ffmpegPath();
  const started = Date.now();
  const parallel = Math.max(1, Math.min(2, availableParallelism()));
  console.log(
    `media: making ${CLIPS.length} clips into ${MEDIA_DIR}/ with ${ffmpeg} (${parallel} at a time${font ? '' : ', no font found: no text on the picture'})`,
  );
  rmSync(PARTIAL_DIR, { recursive: true, force: true });
  mkdirSync(PARTIAL_DIR, { recursive: true });
  const metas = await pool(CLIPS, parallel, async (clip) => {
    const meta = await makeClip(clip, ffmpeg, font, mono);
    await onClip?.(meta, join(PARTIAL_DIR, clip.id));
    return meta;
  });
  writeFileSync(join(PARTIAL_DIR, 'index.json'), `${JSON.stringify(metas.map((m) => m.id))}\n`);
  writeFileSync(
    join(PARTIAL_DIR, 'stamp.json'),
    `${JSON.stringify({ version: MEDIA_VERSION, text: Boolean(font), made: new Date().toISOString() }, null, 2)}\n`,
  );
  // Swapped in whole, so an interrupted run never leaves a half-made cache that looks fresh.
  rmSync(MEDIA_DIR, { recursive: true, force: true });
  renameSync(PARTIAL_DIR, MEDIA_DIR);
  const bytes = du(MEDIA_DIR);
  console.log(
    `media: made ${CLIPS.length} clips in ${((Date.now() - started) / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB`,
  );
  return true;
}

function du(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? du(path) : statSync(path).size;
  }
  return total;
}

/** Whether `.media/` holds this MEDIA_VERSION's clips, whole (the art aside). */
export const clipsAreFresh = () => isFresh();

/** This machine's ffmpeg, font and the cache key of what they make. */
function machine() {
  const ffmpeg = ffmpegPath();
  const font = findFont('DejaVuSans.ttf');
  return { ffmpeg, font, key: mediaKey({ ffmpeg, fonts: [font, findFont('DejaVuSansMono.ttf')] }) };
}

/**
 * Takes `.media/` from the machine's cache when it is not whole here (made on this machine before:
 * another clone, a worktree, CI's clean clone). `whole`: clips and art are all there now.
 */
export function takeCachedMedia({ force = false } = {}) {
  const { font, key } = machine();
  const taken =
    !force && !(isFresh(font) && artIsFresh()) && restoreCached('media', MEDIA_DIR, key);
  return { taken, whole: !force && isFresh(font) && artIsFresh() };
}

/**
 * Makes what is not fresh of the clips (`onClip` as in generate), then of the catalogue's art
 * (art.mjs, cached apart from the clips), and keeps a wholly new result in the machine's cache.
 */
export async function makeMedia({ force = false, onClip } = {}) {
  const { ffmpeg, key } = machine();
  const madeClips = await generate({ force, onClip });
  const madeArt = await generateArt({ ffmpeg, force });
  // Only what this run made whole: clips kept from an older generator are not this key's.
  if (madeClips && madeArt) storeCached('media', MEDIA_DIR, key, { replace: force });
  return { madeClips, madeArt, key };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  try {
    const { taken } = takeCachedMedia({ force });
    const { madeClips, madeArt, key } = await makeMedia({ force });
    if (args.includes('--verify')) {
      const ok = verify(MEDIA_DIR);
      // A copy that fails its check is not offered to the next clone.
      if (!ok && (taken || (madeClips && madeArt))) dropCached('media', key);
      process.exitCode = ok ? 0 : 1;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
