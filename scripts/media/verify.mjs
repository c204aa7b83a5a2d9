// Checks the sample media in `.media/` the way a player would meet them: every playlist parses and
// names files that exist, every video segment starts on a keyframe and holds exactly 2 s of frames,
// audio segments line up with video ones, the master lists 3 variants and 2 audio renditions with
// the right codecs, the WebVTT files parse, the pictures have their sizes, and meta.json agrees;
// every backdrop a phone fetches is within PHONE_BACKDROP_BYTES.
// `node scripts/media/verify.mjs [dir]`; exits 1 listing every problem. Pure Node: no ffprobe.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ART_POOL, ART_SIZES, PHONE_BACKDROP_BYTES } from '../../functions/shared/art.ts';

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

/** The boxes of an ISO BMFF (MP4) byte range, one level: type, where the body starts, the end. */
function boxes(buf, from = 0, to = buf.length) {
  const out = [];
  for (let p = from; p + 8 <= to; ) {
    let size = buf.readUInt32BE(p);
    const type = buf.toString('latin1', p + 4, p + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(p + 8));
      header = 16;
    } else if (size === 0) size = to - p;
    if (size < header || p + size > to) throw new Error(`box ${type} at byte ${p} overruns`);
    out.push({ type, body: p + header, end: p + size });
    p += size;
  }
  return out;
}

/** The first box down a path of types (`moov`, `trak`, …) inside `box`, or undefined. */
function find(buf, box, ...types) {
  let at = box;
  for (const type of types) {
    at = boxes(buf, at.body, at.end).find((b) => b.type === type);
    if (!at) return undefined;
  }
  return at;
}

const SAMPLE_IS_NON_SYNC = 0x10000;

/** An MPEG-4 descriptor's tag, body and end (its length is 1 to 4 bytes of 7 bits). */
function descriptor(buf, at) {
  let length = 0;
  let p = at + 1;
  for (let i = 0; i < 4; i++) {
    const byte = buf[p++];
    length = (length << 7) | (byte & 0x7f);
    if (!(byte & 0x80)) break;
  }
  return { tag: buf[at], body: p, end: p + length };
}

/** mp4a.OO.A from an `esds` box: the decoder config's object type and the audio object type. */
function esdsCodec(buf, esds) {
  const es = descriptor(buf, esds.body + 4);
  if (es.tag !== 0x03) return null;
  const flags = buf[es.body + 2];
  let p = es.body + 3 + (flags & 0x80 ? 2 : 0) + (flags & 0x20 ? 2 : 0);
  if (flags & 0x40) p += 1 + buf[p];
  const config = descriptor(buf, p);
  if (config.tag !== 0x04) return null;
  const objectType = buf[config.body];
  const specific = descriptor(buf, config.body + 13);
  const audioObjectType = specific.tag === 0x05 ? buf[specific.body] >> 3 : 0;
  return `mp4a.${objectType.toString(16)}.${audioObjectType}`;
}

const int32 = (buf, at, signed) => (signed ? buf.readInt32BE(at) : buf.readUInt32BE(at));

/**
 * The one track of an initialisation segment: its id, kind (`h264`, `aac` or the sample entry's
 * type), codec string (avc1.PPCCLL from avcC, mp4a.40.A from esds), timescale, the movie's default
 * sample duration and flags, and where its presentation starts (its edit list, in seconds: a
 * player shows a sample at its composition time less this).
 */
export function readInit(buf) {
  const top = { body: 0, end: buf.length };
  const moov = find(buf, top, 'moov');
  if (!moov) throw new Error('no moov box');
  const traks = boxes(buf, moov.body, moov.end).filter((b) => b.type === 'trak');
  if (traks.length !== 1) throw new Error(`${traks.length} tracks, not 1`);
  const [trak] = traks;
  const tkhd = find(buf, trak, 'tkhd');
  const mdhd = find(buf, trak, 'mdia', 'mdhd');
  const mvhd = find(buf, moov, 'mvhd');
  const stsd = find(buf, trak, 'mdia', 'minf', 'stbl', 'stsd');
  if (!tkhd || !mdhd || !mvhd || !stsd) throw new Error('no tkhd, mdhd, mvhd or stsd box');
  const trackId = buf.readUInt32BE(tkhd.body + (buf[tkhd.body] === 1 ? 20 : 12));
  const timescale = buf.readUInt32BE(mdhd.body + (buf[mdhd.body] === 1 ? 20 : 12));
  const movieTimescale = buf.readUInt32BE(mvhd.body + (buf[mvhd.body] === 1 ? 20 : 12));
  // stsd: version and flags, an entry count, then the sample entries.
  const [entry] = boxes(buf, stsd.body + 8, stsd.end);
  let kind = entry?.type ?? 'none';
  let codec = null;
  if (entry?.type === 'avc1') {
    kind = 'h264';
    // A visual sample entry's own fields take 78 bytes before its child boxes.
    const avcC = boxes(buf, entry.body + 78, entry.end).find((b) => b.type === 'avcC');
    if (avcC)
      codec = `avc1.${[1, 2, 3].map((k) => buf[avcC.body + k].toString(16).padStart(2, '0')).join('')}`;
  } else if (entry?.type === 'mp4a') {
    kind = 'aac';
    // An audio sample entry's own fields take 28 bytes before its child boxes.
    const esds = boxes(buf, entry.body + 28, entry.end).find((b) => b.type === 'esds');
    if (esds) codec = esdsCodec(buf, esds);
  }
  // The edit list: empty edits delay the track (movie timescale); the first other edit says at
  // which media time its presentation starts (media timescale).
  let start = 0;
  const elst = find(buf, trak, 'edts', 'elst');
  if (elst) {
    const v1 = buf[elst.body] === 1;
    const count = buf.readUInt32BE(elst.body + 4);
    for (let i = 0, p = elst.body + 8; i < count; i++, p += v1 ? 20 : 12) {
      const duration = v1 ? Number(buf.readBigUInt64BE(p)) : buf.readUInt32BE(p);
      const mediaTime = v1 ? Number(buf.readBigInt64BE(p + 8)) : buf.readInt32BE(p + 4);
      if (mediaTime === -1) start -= duration / movieTimescale;
      else {
        start += mediaTime / timescale;
        break;
      }
    }
  }
  const trex = boxes(buf, find(buf, moov, 'mvex')?.body ?? 0, find(buf, moov, 'mvex')?.end ?? 0)
    .filter((b) => b.type === 'trex')
    .find((b) => buf.readUInt32BE(b.body + 4) === trackId);
  // trex: version and flags, track id, then default sample description, duration, size, flags.
  const defaults = trex
    ? { duration: buf.readUInt32BE(trex.body + 12), flags: buf.readUInt32BE(trex.body + 20) }
    : { duration: 0, flags: 0 };
  return { trackId, kind, codec, timescale, start, defaults };
}

/**
 * The samples of one media segment (one or more `moof`, each with its `mdat`) of the track `init`
 * describes, in order: each one's presentation time in seconds (decode time, composition offset
 * and edit list) and whether it is a sync sample (a keyframe). Throws on a fragment of another
 * track or one without its data.
 */
export function readSegment(buf, init) {
  const all = boxes(buf);
  const moofs = all.filter((b) => b.type === 'moof');
  if (!moofs.length) throw new Error('no moof box');
  if (all.filter((b) => b.type === 'mdat').length !== moofs.length)
    throw new Error(`${moofs.length} moof boxes but not as many mdat`);
  const samples = [];
  for (const moof of moofs) {
    for (const traf of boxes(buf, moof.body, moof.end).filter((b) => b.type === 'traf')) {
      const tfhd = find(buf, traf, 'tfhd');
      const tfdt = find(buf, traf, 'tfdt');
      if (!tfhd || !tfdt) throw new Error('a traf without tfhd or tfdt');
      if (buf.readUInt32BE(tfhd.body + 4) !== init.trackId)
        throw new Error(
          `a fragment of track ${buf.readUInt32BE(tfhd.body + 4)}, not ${init.trackId}`,
        );
      let duration = init.defaults.duration;
      let flags = init.defaults.flags;
      const hf = buf.readUInt32BE(tfhd.body) & 0xffffff;
      let q = tfhd.body + 8 + (hf & 0x01 ? 8 : 0) + (hf & 0x02 ? 4 : 0);
      if (hf & 0x08) duration = buf.readUInt32BE(q);
      q += hf & 0x08 ? 4 : 0;
      q += hf & 0x10 ? 4 : 0;
      if (hf & 0x20) flags = buf.readUInt32BE(q);
      let time =
        buf[tfdt.body] === 1
          ? Number(buf.readBigUInt64BE(tfdt.body + 4))
          : buf.readUInt32BE(tfdt.body + 4);
      for (const trun of boxes(buf, traf.body, traf.end).filter((b) => b.type === 'trun')) {
        // Version 1 has signed composition offsets.
        const signed = buf[trun.body] === 1;
        const rf = buf.readUInt32BE(trun.body) & 0xffffff;
        const count = buf.readUInt32BE(trun.body + 4);
        let r = trun.body + 8 + (rf & 0x01 ? 4 : 0);
        let firstFlags = null;
        if (rf & 0x04) {
          firstFlags = buf.readUInt32BE(r);
          r += 4;
        }
        for (let i = 0; i < count; i++) {
          let d = duration;
          let f = i === 0 && firstFlags !== null ? firstFlags : flags;
          let offset = 0;
          if (rf & 0x100) {
            d = buf.readUInt32BE(r);
            r += 4;
          }
          if (rf & 0x200) r += 4;
          if (rf & 0x400) {
            f = buf.readUInt32BE(r);
            r += 4;
          }
          if (rf & 0x800) {
            offset = int32(buf, r, signed);
            r += 4;
          }
          samples.push({
            time: (time + offset) / init.timescale - init.start,
            sync: (f & SAMPLE_IS_NON_SYNC) === 0,
          });
          time += d;
        }
      }
    }
  }
  return samples;
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
  if (meta.container !== 'fmp4') fail(`container ${meta.container}`);
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
    if (tags['#EXT-X-MAP'] !== 'URI="init.mp4"') fail(`${where}: no #EXT-X-MAP of init.mp4`);
    let init;
    try {
      init = readInit(read(`${base}init.mp4`));
    } catch (error) {
      fail(`${base}init.mp4: not an MP4 initialisation segment (${error.message})`);
      continue;
    }
    const want = pl.kind === 'video' ? 'h264' : 'aac';
    if (init.kind !== want) fail(`${base}init.mp4: a ${init.kind} track, want ${want}`);
    if (pl.kind === 'audio' && init.codec !== 'mp4a.40.2')
      fail(`${base}init.mp4: stream is ${init.codec}, master says mp4a.40.2`);
    if (pl.kind === 'video') {
      if (init.codec !== pl.codecs)
        fail(`${base}init.mp4: stream is ${init.codec}, master says ${pl.codecs}`);
      if (!/^avc1\.(4d|64)/.test(init.codec ?? ''))
        fail(`${base}init.mp4: ${init.codec} is not Main or High profile`);
    }
    for (const [i, seg] of segments.entries()) {
      const name = `seg-${String(i).padStart(5, '0')}.m4s`;
      const at = `${base}${seg.uri}`;
      if (seg.uri !== name) fail(`${where}: segment ${i} is ${seg.uri}, not ${name}`);
      if (!isRelative(seg.uri)) fail(`${where}: ${seg.uri} is not relative`);
      if (Math.round(seg.duration) > 2) fail(`${at}: EXTINF ${seg.duration} > TARGETDURATION`);
      if (!existsSync(join(dir, at))) {
        fail(`${at} is missing`);
        continue;
      }
      let samples;
      try {
        samples = readSegment(read(at), init);
      } catch (error) {
        fail(`${at}: not an MP4 media segment (${error.message})`);
        continue;
      }
      if (!samples.length) {
        fail(`${at}: no samples`);
        continue;
      }
      const times = samples.map((x) => x.time);
      starts.push(Math.min(...times));
      if (pl.kind === 'video') {
        if (seg.duration !== 2) fail(`${at}: EXTINF ${seg.duration}, not 2`);
        if (samples.length !== meta.fps * 2)
          fail(`${at}: ${samples.length} frames, not ${meta.fps * 2}`);
        if (!samples[0].sync) fail(`${at}: does not start with a keyframe`);
        if (samples.slice(1).some((x) => x.sync)) fail(`${at}: a keyframe inside the segment`);
        const span = Math.max(...times) - Math.min(...times) + 1 / meta.fps;
        if (Math.abs(span - 2) > 0.001) fail(`${at}: frames span ${span.toFixed(3)} s, not 2`);
      } else if (Math.abs(seg.duration - 2) > 0.05) {
        fail(`${at}: EXTINF ${seg.duration}, not about 2`);
      }
    }
    // Each segment starts 2 s after the one before, in every rendition alike.
    if (pl.kind === 'video') {
      for (let i = 1; i < starts.length; i++) {
        if (Math.abs(starts[i] - starts[i - 1] - 2) > 1e-6)
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
    const off = starts.findIndex((s, i) => videoStarts && Math.abs(s - videoStarts[i]) > 0.05);
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
