// Checks the sample media in `.media/` the way a player would meet them: every playlist parses and
// names files that exist, every video segment starts on a keyframe and holds exactly 2 s of frames,
// audio segments line up with video ones, the master lists 3 variants and 2 audio renditions with
// the right codecs, the WebVTT files parse, the pictures have their sizes, and meta.json agrees;
// every backdrop a phone fetches is within PHONE_BACKDROP_BYTES.
// `node scripts/media/verify.mjs [dir]`; exits 1 listing every problem. Pure Node: no ffprobe.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ART_POOL, ART_SIZES, PHONE_BACKDROP_BYTES } from '../../functions/shared/art.ts';

const PTS_HZ = 90_000;

/** Attributes of an #EXT-X-… tag: KEY=VALUE or KEY="VALUE", comma-separated. */
export function attributes(line) {
  const out = {};
  const body = line.slice(line.indexOf(':') + 1);
  for (const m of body.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    out[m[1]] = m[2].startsWith('"') ? m[2].slice(1, -1) : m[2];
  }
  return out;
}

const isRelative = (uri) => !/^[a-z][a-z0-9+.-]*:/i.test(uri) && !uri.startsWith('/');

/**
 * The elementary streams of an MPEG-TS file: per stream its PES packets (PTS, and whether the
 * packet that starts it carries the random-access flag, which ffmpeg sets on keyframes).
 */
export function readTs(buf) {
  if (buf.length % 188 !== 0) throw new Error(`size ${buf.length} is not a multiple of 188`);
  let pmtPid = -1;
  const types = new Map();
  const pes = new Map();
  for (let at = 0; at < buf.length; at += 188) {
    if (buf[at] !== 0x47) throw new Error(`lost sync at byte ${at}`);
    const pid = ((buf[at + 1] & 0x1f) << 8) | buf[at + 2];
    const start = (buf[at + 1] & 0x40) !== 0;
    const control = (buf[at + 3] >> 4) & 3;
    let p = at + 4;
    let randomAccess = false;
    if (control & 2) {
      const length = buf[p];
      if (length > 0) randomAccess = (buf[p + 1] & 0x40) !== 0;
      p += 1 + length;
    }
    if (!(control & 1) || !start) continue;
    if (pid === 0 || pid === pmtPid) {
      p += 1 + buf[p]; // pointer field
      const sectionLength = ((buf[p + 1] & 0x0f) << 8) | buf[p + 2];
      const end = p + 3 + sectionLength - 4; // without the CRC
      if (pid === 0) {
        pmtPid = ((buf[p + 10] & 0x1f) << 8) | buf[p + 11];
      } else {
        const infoLength = ((buf[p + 10] & 0x0f) << 8) | buf[p + 11];
        for (let q = p + 12 + infoLength; q + 5 <= end; ) {
          const esPid = ((buf[q + 1] & 0x1f) << 8) | buf[q + 2];
          types.set(esPid, buf[q]);
          q += 5 + (((buf[q + 3] & 0x0f) << 8) | buf[q + 4]);
        }
      }
      continue;
    }
    if (!types.has(pid)) continue;
    if (buf[p] !== 0 || buf[p + 1] !== 0 || buf[p + 2] !== 1) continue;
    const hasPts = (buf[p + 7] & 0x80) !== 0;
    const b = p + 9;
    const pts = hasPts
      ? ((buf[b] >> 1) & 7) * 2 ** 30 +
        buf[b + 1] * 2 ** 22 +
        (buf[b + 2] >> 1) * 2 ** 15 +
        buf[b + 3] * 2 ** 7 +
        (buf[b + 4] >> 1)
      : null;
    if (!pes.has(pid)) pes.set(pid, []);
    pes.get(pid).push({ pts, randomAccess });
  }
  const streams = [];
  for (const [pid, type] of types) {
    const kind = type === 0x1b ? 'h264' : type === 0x0f ? 'aac' : `type-0x${type.toString(16)}`;
    streams.push({ pid, kind, pes: pes.get(pid) ?? [] });
  }
  return streams;
}

/** Width and height from a JPEG's start-of-frame marker. */
export function jpegSize(buf) {
  let p = 2;
  while (p + 9 < buf.length) {
    if (buf[p] !== 0xff) return null;
    const marker = buf[p + 1];
    const length = buf.readUInt16BE(p + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(p + 5), width: buf.readUInt16BE(p + 7) };
    }
    p += 2 + length;
  }
  return null;
}

const vttSeconds = (t) => {
  const parts = t.split(':').map(Number);
  return parts.reduce((acc, n) => acc * 60 + n, 0);
};

/** Cues of a WebVTT file; throws on a malformed one. */
export function parseVtt(text) {
  const lines = text.replace(/\r/g, '').split('\n');
  if (!/^WEBVTT( |$)/.test(lines[0])) throw new Error('does not start with WEBVTT');
  const cues = [];
  for (let i = 1; i < lines.length; i++) {
    const m = lines[i].match(
      /^((?:\d{2}:)?\d{2}:\d{2}\.\d{3}) --> ((?:\d{2}:)?\d{2}:\d{2}\.\d{3})/,
    );
    if (!m) {
      if (lines[i].includes('-->')) throw new Error(`bad cue timing "${lines[i]}"`);
      continue;
    }
    const body = [];
    for (i++; i < lines.length && lines[i] !== ''; i++) body.push(lines[i]);
    const cue = { start: vttSeconds(m[1]), end: vttSeconds(m[2]), text: body.join('\n') };
    if (!(cue.end > cue.start)) throw new Error(`cue ${m[0]} ends before it starts`);
    if (!cue.text) throw new Error(`cue ${m[0]} has no text`);
    cues.push(cue);
  }
  if (!cues.length) throw new Error('has no cues');
  return cues;
}

function mediaPlaylist(text) {
  const lines = text.split('\n').map((l) => l.trim());
  const tags = Object.fromEntries(
    lines.filter((l) => l.startsWith('#EXT-X-')).map((l) => [l.split(':')[0], l.split(':')[1]]),
  );
  const segments = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^#EXTINF:([\d.]+),/);
    if (m) segments.push({ duration: Number(m[1]), uri: lines[i + 1] });
  }
  return { header: lines[0], tags, segments };
}

/** Every problem with one clip, as sentences. */
function verifyClip(root, id) {
  const problems = [];
  const fail = (text) => problems.push(`${id}: ${text}`);
  const dir = join(root, id);
  const read = (file) => readFileSync(join(dir, file));
  let meta;
  try {
    meta = JSON.parse(read('meta.json'));
  } catch (error) {
    fail(`meta.json unreadable: ${error.message}`);
    return problems;
  }
  if (meta.id !== id) fail(`meta.json id is ${meta.id}`);
  if (!(meta.duration >= 36 && meta.duration <= 60)) fail(`duration ${meta.duration} s`);
  if (meta.segmentDuration !== 2) fail(`segmentDuration ${meta.segmentDuration}`);
  if (meta.segments * meta.segmentDuration !== meta.duration) {
    fail(`${meta.segments} segments of ${meta.segmentDuration} s ≠ ${meta.duration} s`);
  }
  if (meta.container !== 'ts') fail(`container ${meta.container}`);
  const { intro, credits } = meta;
  if (!(intro && intro.start >= 0 && intro.start < intro.end && intro.end <= credits)) {
    fail(`intro ${JSON.stringify(intro)} is not before the credits (${credits})`);
  }
  if (!(credits < meta.duration)) fail(`credits at ${credits} s, after the end`);

  // Master playlist
  const master = read('master.m3u8').toString('utf8');
  const mlines = master.split('\n').map((l) => l.trim());
  if (mlines[0] !== '#EXTM3U') fail('master.m3u8 does not start with #EXTM3U');
  const media = mlines.filter((l) => l.startsWith('#EXT-X-MEDIA:')).map(attributes);
  const variants = [];
  mlines.forEach((l, i) => {
    if (l.startsWith('#EXT-X-STREAM-INF:')) variants.push({ ...attributes(l), uri: mlines[i + 1] });
  });
  if (variants.length !== 3) fail(`master lists ${variants.length} variants, not 3`);
  if (media.length !== 2) fail(`master lists ${media.length} audio renditions, not 2`);
  if (meta.video?.length !== variants.length) fail('meta.json video ≠ the master variants');
  if (meta.audio?.length !== media.length) fail('meta.json audio ≠ the master audio renditions');

  const playlists = [];
  for (const [i, a] of media.entries()) {
    const m = meta.audio?.[i] ?? {};
    if (a.TYPE !== 'AUDIO' || a['GROUP-ID'] !== 'aud') fail(`audio ${a.NAME}: TYPE/GROUP-ID`);
    if (a.LANGUAGE !== m.lang || a.NAME !== m.label) fail(`audio ${a.NAME}: ≠ meta.json ${m.name}`);
    if ((a.DEFAULT === 'YES') !== Boolean(m.default)) fail(`audio ${a.NAME}: DEFAULT ≠ meta.json`);
    if (!isRelative(a.URI ?? '')) fail(`audio ${a.NAME}: URI ${a.URI} is not relative`);
    playlists.push({ kind: 'audio', name: m.name, uri: a.URI });
  }
  if (media.map((a) => a.LANGUAGE).join() !== 'ru,en') fail('audio languages are not ru, en');
  if (media[0]?.DEFAULT !== 'YES' || media[0]?.AUTOSELECT !== 'YES') {
    fail('the Russian audio is not DEFAULT=YES,AUTOSELECT=YES');
  }
  for (const [i, v] of variants.entries()) {
    const m = meta.video?.[i] ?? {};
    for (const key of ['BANDWIDTH', 'AVERAGE-BANDWIDTH', 'RESOLUTION', 'CODECS', 'FRAME-RATE']) {
      if (!v[key]) fail(`variant ${v.uri}: no ${key}`);
    }
    if (v.AUDIO !== 'aud') fail(`variant ${v.uri}: AUDIO is not "aud"`);
    if (v.RESOLUTION !== `${m.width}x${m.height}`) fail(`variant ${v.uri}: RESOLUTION ≠ meta.json`);
    if (Number(v.BANDWIDTH) !== m.bandwidth) fail(`variant ${v.uri}: BANDWIDTH ≠ meta.json`);
    if (v.CODECS !== `${m.codecs},mp4a.40.2`) fail(`variant ${v.uri}: CODECS ${v.CODECS}`);
    if (!isRelative(v.uri ?? '')) fail(`variant URI ${v.uri} is not relative`);
    playlists.push({ kind: 'video', name: m.name, uri: v.uri, codecs: m.codecs });
  }
  const heights = (meta.video ?? []).map((v) => v.height).join();
  if (heights !== '240,480,720') fail(`video heights ${heights}, not 240, 480, 720`);

  // Media playlists and their segments
  let videoStarts = null;
  const audioStarts = [];
  for (const pl of playlists) {
    const where = `${pl.uri}`;
    if (!existsSync(join(dir, pl.uri))) {
      fail(`${where} is missing`);
      continue;
    }
    const { header, tags, segments } = mediaPlaylist(read(pl.uri).toString('utf8'));
    if (header !== '#EXTM3U') fail(`${where}: no #EXTM3U`);
    if (tags['#EXT-X-TARGETDURATION'] !== '2') fail(`${where}: TARGETDURATION is not 2`);
    if (tags['#EXT-X-PLAYLIST-TYPE'] !== 'VOD') fail(`${where}: PLAYLIST-TYPE is not VOD`);
    if (!('#EXT-X-ENDLIST' in tags)) fail(`${where}: no #EXT-X-ENDLIST`);
    if (segments.length !== meta.segments) {
      fail(`${where}: ${segments.length} segments, meta.json says ${meta.segments}`);
    }
    const total = segments.reduce((s, x) => s + x.duration, 0);
    if (Math.abs(total - meta.duration) > 0.1)
      fail(`${where}: lasts ${total} s, not ${meta.duration}`);
    const base = pl.uri.slice(0, pl.uri.lastIndexOf('/') + 1);
    const starts = [];
    for (const [i, seg] of segments.entries()) {
      const name = `seg-${String(i).padStart(5, '0')}.ts`;
      const at = `${base}${seg.uri}`;
      if (seg.uri !== name) fail(`${where}: segment ${i} is ${seg.uri}, not ${name}`);
      if (!isRelative(seg.uri)) fail(`${where}: ${seg.uri} is not relative`);
      if (Math.round(seg.duration) > 2) fail(`${at}: EXTINF ${seg.duration} > TARGETDURATION`);
      if (!existsSync(join(dir, at))) {
        fail(`${at} is missing`);
        continue;
      }
      let streams;
      try {
        streams = readTs(read(at));
      } catch (error) {
        fail(`${at}: not MPEG-TS (${error.message})`);
        continue;
      }
      const want = pl.kind === 'video' ? 'h264' : 'aac';
      if (streams.length !== 1 || streams[0].kind !== want) {
        fail(`${at}: streams ${streams.map((s) => s.kind).join('+')}, want ${want} alone`);
        continue;
      }
      const pes = streams[0].pes;
      const pts = pes.map((x) => x.pts);
      starts.push(Math.min(...pts));
      if (pl.kind === 'video') {
        if (seg.duration !== 2) fail(`${at}: EXTINF ${seg.duration}, not 2`);
        if (pes.length !== meta.fps * 2) fail(`${at}: ${pes.length} frames, not ${meta.fps * 2}`);
        if (!pes[0]?.randomAccess) fail(`${at}: does not start with a keyframe`);
        if (pes.slice(1).some((x) => x.randomAccess)) fail(`${at}: a keyframe inside the segment`);
        const span = (Math.max(...pts) - Math.min(...pts)) / PTS_HZ + 1 / meta.fps;
        if (Math.abs(span - 2) > 0.001) fail(`${at}: frames span ${span.toFixed(3)} s, not 2`);
      } else if (Math.abs(seg.duration - 2) > 0.05) {
        fail(`${at}: EXTINF ${seg.duration}, not about 2`);
      }
      if (i === 0 && pl.kind === 'video') {
        const sps = read(at);
        const codec = spsCodec(sps);
        if (codec !== pl.codecs) fail(`${at}: stream is ${codec}, master says ${pl.codecs}`);
        if (!/^avc1\.(4d|64)/.test(codec ?? ''))
          fail(`${at}: ${codec} is not Main or High profile`);
      }
    }
    // Each segment starts 2 s after the one before, in every rendition alike.
    if (pl.kind === 'video') {
      for (let i = 1; i < starts.length; i++) {
        if (starts[i] - starts[i - 1] !== 2 * PTS_HZ)
          fail(`${pl.uri}: segment ${i} does not start 2 s after ${i - 1}`);
      }
      if (videoStarts && videoStarts.join() !== starts.join())
        fail(`${pl.uri}: segments not aligned with the other renditions`);
      videoStarts ??= starts;
    } else {
      audioStarts.push({ uri: pl.uri, starts });
    }
  }
  for (const { uri, starts } of audioStarts) {
    const off = starts.findIndex(
      (s, i) => videoStarts && Math.abs(s - videoStarts[i]) > 0.05 * PTS_HZ,
    );
    if (off >= 0) fail(`${uri}: segment ${off} starts more than 50 ms away from the video's`);
  }

  // Sidecars
  for (const s of meta.subtitles ?? []) {
    try {
      const cues = parseVtt(read(s.file).toString('utf8'));
      if (cues.at(-1).end > meta.duration) fail(`${s.file}: a cue after the end`);
      if (cues.length < meta.duration / 8) fail(`${s.file}: only ${cues.length} cues`);
    } catch (error) {
      fail(`${s.file}: ${error.message}`);
    }
  }
  if ((meta.subtitles ?? []).map((s) => s.lang).join() !== 'ru,en')
    fail('subtitles are not ru, en');
  const sprite = existsSync(join(dir, 'thumbs.jpg')) ? jpegSize(read('thumbs.jpg')) : null;
  if (!sprite) fail('thumbs.jpg is missing or not a JPEG');
  try {
    const cues = parseVtt(read(meta.thumbnails).toString('utf8'));
    if (cues.length !== meta.segments) fail(`thumbs.vtt: ${cues.length} cues, not one per segment`);
    for (const [i, c] of cues.entries()) {
      const m = c.text.match(/^thumbs\.jpg#xywh=(\d+),(\d+),(\d+),(\d+)$/);
      if (!m) {
        fail(`thumbs.vtt: cue ${i} is ${c.text}`);
        continue;
      }
      const [x, y, w, h] = m.slice(1).map(Number);
      if (c.start !== i * 2 || c.end !== i * 2 + 2)
        fail(`thumbs.vtt: cue ${i} is not ${i * 2}–${i * 2 + 2} s`);
      if (sprite && (x + w > sprite.width || y + h > sprite.height))
        fail(`thumbs.vtt: cue ${i} outside the sprite`);
    }
  } catch (error) {
    fail(`thumbs.vtt: ${error.message}`);
  }
  const poster = existsSync(join(dir, 'poster.jpg')) ? jpegSize(read('poster.jpg')) : null;
  if (poster?.width !== 1280 || poster?.height !== 720)
    fail(`poster.jpg is ${JSON.stringify(poster)}, not 1280x720`);
  return problems;
}

/** avc1.PPCCLL from the first sequence parameter set in the bytes. */
function spsCodec(buf) {
  for (let i = 0; i + 6 < buf.length; i++) {
    if (buf[i] === 0 && buf[i + 1] === 0 && buf[i + 2] === 1 && (buf[i + 3] & 0x1f) === 7) {
      return `avc1.${[4, 5, 6].map((k) => buf[i + k].toString(16).padStart(2, '0')).join('')}`;
    }
  }
  return null;
}

/** The backdrops a phone fetches (the smallest width): each there and within its byte cap. */
function verifyPhoneBackdrops(root) {
  const width = ART_SIZES.background.widths[0];
  const problems = [];
  for (let slot = 1; slot <= ART_POOL; slot++) {
    const file = join(root, 'art', 'background', `${slot}-${width}.webp`);
    if (!existsSync(file)) problems.push(`${file} is missing`);
    else if (statSync(file).size > PHONE_BACKDROP_BYTES)
      problems.push(`${file}: ${statSync(file).size} bytes, over ${PHONE_BACKDROP_BYTES}`);
  }
  return problems;
}

/** Prints the result; true when the media are sound. */
export function verify(root = '.media') {
  const started = Date.now();
  let ids = [];
  const problems = [];
  try {
    ids = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8'));
    if (!Array.isArray(ids) || ids.length < 5)
      problems.push(`index.json lists ${ids?.length} clips, not 5`);
  } catch (error) {
    problems.push(`${root}/index.json unreadable: ${error.message}`);
  }
  for (const id of ids ?? []) problems.push(...verifyClip(root, id));
  problems.push(...verifyPhoneBackdrops(root));
  if (problems.length) {
    console.error(
      `media: ${problems.length} problem(s) in ${root}/ (remake: delete it and run npm run media)`,
    );
    for (const p of problems) console.error(`  ${p}`);
    return false;
  }
  console.log(
    `media: ${ids.length} clips in ${root}/ verified in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = verify(process.argv[2] ?? '.media') ? 0 : 1;
}
