// A by-hand check that a browser really plays the sample media (not part of npm test): serves
// `.media/` over HTTP, opens a page with hls.js in Chromium, plays a clip muted, switches to the
// English audio rendition and to another quality, and reports that playback time kept advancing.
// `npm exec -- node scripts/media/smoke.mjs [clipId]` (default c1); exits 1 when playback fails.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const clip = process.argv[2] ?? 'c1';
const hlsJs = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');
const TYPES = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.vtt': 'text/vtt',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.html': 'text/html; charset=utf-8',
};
const page = `<!doctype html><meta charset="utf-8"><title>smoke</title><link rel="icon" href="data:,">
<video id="v" muted playsinline crossorigin="anonymous" width="640" height="360">
  <track kind="subtitles" srclang="ru" label="Русские" src="/${clip}/subs-ru.vtt" default>
  <track kind="subtitles" srclang="en" label="English" src="/${clip}/subs-en.vtt">
</video>
<script src="/hls.min.js"></script>`;

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  try {
    const body =
      path === '/'
        ? page
        : path === '/hls.min.js'
          ? readFileSync(hlsJs)
          : readFileSync(join('.media', path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? TYPES['.html'] });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
let ok = false;
try {
  const tab = await browser.newPage();
  tab.on('console', (m) => m.type() === 'error' && console.log(`  page: ${m.text()}`));
  await tab.goto(origin);
  const result = await tab.evaluate(async (src) => {
    // hls.min.js's global, loaded by the page.
    const Hls = /** @type {any} */ (window).Hls;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const video = document.getElementById('v');
    const log = [];
    if (!Hls.isSupported()) return { error: 'hls.js: MSE not supported', log };
    const hls = new Hls({ startLevel: 2 });
    const errors = [];
    hls.on(Hls.Events.ERROR, (_, d) =>
      errors.push(
        `${d.type}/${d.details}${d.fatal ? ' fatal' : ''}${d.frag ? ` (${d.frag.type} fragment ${d.frag.sn} of level ${d.frag.level})` : ''} at ${video.currentTime.toFixed(2)} s`,
      ),
    );
    hls.on(Hls.Events.LEVEL_SWITCHED, (_, d) => log.push(`level ${hls.levels[d.level].height}p`));
    hls.on(Hls.Events.AUDIO_TRACK_SWITCHED, (_, d) =>
      log.push(`audio ${hls.audioTracks[d.id].lang} (${hls.audioTracks[d.id].name})`),
    );
    const parsed = new Promise((r) => hls.once(Hls.Events.MANIFEST_PARSED, r));
    hls.loadSource(src);
    hls.attachMedia(video);
    await parsed;
    await video.play();
    const waitFor = async (what, test, ms = 30000) => {
      const until = Date.now() + ms;
      while (!test()) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
        await sleep(100);
      }
    };
    try {
      await waitFor('playback', () => video.currentTime > 1.5);
      const t1 = video.currentTime;
      hls.audioTrack = 1;
      await waitFor('the English audio', () => log.some((l) => l.startsWith('audio en')));
      hls.currentLevel = 0;
      await waitFor('240p', () => log.includes('level 240p'));
      const t2 = video.currentTime;
      await waitFor('more playback', () => video.currentTime > t2 + 2);
      const ru = video.textTracks[0];
      return {
        levels: hls.levels.map((l) => `${l.height}p ${l.bitrate} ${l.codecSet ?? l.videoCodec}`),
        audio: hls.audioTracks.map((a) => `${a.lang} ${a.name}${a.default ? ' default' : ''}`),
        subtitleCues: ru.cues?.length ?? 0,
        times: [t1, t2, video.currentTime].map((t) => t.toFixed(2)),
        size: `${video.videoWidth}x${video.videoHeight}`,
        log,
        errors,
      };
    } catch (error) {
      return { error: String(error), currentTime: video.currentTime, log, errors };
    }
  }, `${origin}/${clip}/master.m3u8`);
  console.log(JSON.stringify(result, null, 2));
  // Non-fatal hls.js errors are reported, not failed: bufferAppendNoProgress on the very first
  // fragment is hls.js's own bookkeeping when a small segment is appended before its init data.
  ok =
    !result.error &&
    !result.errors.some((e) => e.includes(' fatal')) &&
    Number(result.times[2]) > Number(result.times[0]);
  console.log(ok ? `smoke: ${clip} played, switched audio and quality` : `smoke: ${clip} FAILED`);
} finally {
  await browser.close();
  server.close();
}
process.exitCode = ok ? 0 : 1;
