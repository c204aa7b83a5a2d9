import { env } from 'cloudflare:workers';

/**
 * Small stand-ins for the media `npm run media` makes (the contract's layout in R2): a few clips of
 * 24 two-second segments each, two video and two audio renditions, subtitles, thumbnails.
 */
export const FIXTURE_CLIPS = ['c1', 'c2', 'c3', 'c4', 'c5'] as const;
export const FIXTURE_SEGMENTS = 24;

const segmentBytes = (clip: string, rendition: string, n: number) =>
  new TextEncoder().encode(`${clip}/${rendition}/${n}:`.padEnd(188, '.'));

export const fixtureSegment = segmentBytes;

/** A rendition's stand-in initialisation segment: bytes that name it, told apart from any segment. */
export const fixtureInit = (clip: string, rendition: string) =>
  new TextEncoder().encode(`${clip}/${rendition}/init`.padEnd(64, '.'));

export function fixtureMeta(clip: string) {
  return {
    id: clip,
    name: `Клип ${clip}`,
    duration: FIXTURE_SEGMENTS * 2,
    segmentDuration: 2,
    segments: FIXTURE_SEGMENTS,
    container: 'fmp4',
    video: [
      { name: 'v240', width: 426, height: 240, bandwidth: 400000, codecs: 'avc1.42c015' },
      { name: 'v480', width: 854, height: 480, bandwidth: 900000, codecs: 'avc1.42c01e' },
    ],
    audio: [
      { name: 'a-ru', lang: 'ru', label: 'Русский', default: true, codecs: 'mp4a.40.2' },
      { name: 'a-en', lang: 'en', label: 'English', default: false, codecs: 'mp4a.40.2' },
    ],
    subtitles: [
      { lang: 'ru', label: 'Русские', file: 'subs-ru.vtt' },
      { lang: 'en', label: 'English', file: 'subs-en.vtt' },
    ],
    thumbnails: 'thumbs.vtt',
    poster: 'poster.jpg',
    intro: { start: 4, end: 10 },
    credits: 40,
  };
}

const mediaPlaylist = () =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MAP:URI="init.mp4"',
    ...Array.from({ length: FIXTURE_SEGMENTS }, (_, n) => [
      '#EXTINF:2.000000,',
      `seg-${String(n).padStart(5, '0')}.m4s`,
    ]).flat(),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

/** Puts the fixture clips into the test's R2 (only the first segments of each rendition: enough). */
export async function putFixtureMedia(clips: readonly string[] = FIXTURE_CLIPS) {
  const puts: Promise<unknown>[] = [env.MEDIA.put('vod/index.json', JSON.stringify(clips))];
  for (const clip of clips) {
    const meta = fixtureMeta(clip);
    puts.push(env.MEDIA.put(`vod/${clip}/meta.json`, JSON.stringify(meta)));
    puts.push(
      env.MEDIA.put(
        `vod/${clip}/master.m3u8`,
        `#EXTM3U\n${meta.video.map((v) => `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth}\n${v.name}/index.m3u8`).join('\n')}\n`,
      ),
    );
    puts.push(
      env.MEDIA.put(`vod/${clip}/subs-ru.vtt`, 'WEBVTT\n\n1\n00:00.300 --> 00:03.000\nПривет\n'),
    );
    puts.push(env.MEDIA.put(`vod/${clip}/thumbs.vtt`, 'WEBVTT\n'));
    for (const r of [...meta.video, ...meta.audio]) {
      puts.push(env.MEDIA.put(`vod/${clip}/${r.name}/index.m3u8`, mediaPlaylist()));
      puts.push(env.MEDIA.put(`vod/${clip}/${r.name}/init.mp4`, fixtureInit(clip, r.name)));
      for (let n = 0; n < FIXTURE_SEGMENTS; n++)
        puts.push(
          env.MEDIA.put(
            `vod/${clip}/${r.name}/seg-${String(n).padStart(5, '0')}.m4s`,
            segmentBytes(clip, r.name, n),
          ),
        );
    }
  }
  await Promise.all(puts);
}
