import { describe, expect, it } from 'vitest';
import { liveMaster } from '../../../functions/domains/playback/live-playlist.ts';
import { pageBandwidth, parseVariants, startVariant } from './start-level.ts';

// The three renditions the packager makes, with the peak bitrates its master playlists carry.
const master = liveMaster(
  [
    { name: 'v720', width: 1280, height: 720, bandwidth: 1_833_997, codecs: 'avc1.640020' },
    { name: 'v240', width: 426, height: 240, bandwidth: 507_469, codecs: 'avc1.42c015' },
    { name: 'v480', width: 854, height: 480, bandwidth: 1_216_605, codecs: 'avc1.4d401e' },
  ],
  [{ name: 'a-ru', lang: 'ru', label: 'Русский', default: true, codecs: 'mp4a.40.2' }],
);
const variants = parseVariants(master);
const heightAt = (bps: number | undefined, player: number) =>
  variants[startVariant(variants, bps, player)]?.height;

describe('the first rendition', () => {
  it('reads every rendition of a master playlist with its URI, in its order', () => {
    expect(variants.map((v) => [v.uri, v.height, v.bitrate])).toEqual([
      ['v720/index.m3u8', 720, 1_833_997],
      ['v240/index.m3u8', 240, 507_469],
      ['v480/index.m3u8', 480, 1_216_605],
    ]);
  });

  it('is the lowest while nothing has been measured, wherever it sits in the playlist', () => {
    expect(heightAt(undefined, 1080)).toBe(240);
  });

  it('is the best whose first segment comes in time at the measured bandwidth', () => {
    // Fast 4G (9 Mbit/s): 720p's two seconds would take half a second, 480p's a third.
    expect(heightAt(9e6, 1080)).toBe(480);
    expect(heightAt(30e6, 1080)).toBe(720);
    // A slow line gets the lowest even when that is slower than the goal: there is nothing lower.
    expect(heightAt(1e6, 1080)).toBe(240);
  });

  it('is no larger than the player shows, one step above at most', () => {
    expect(heightAt(30e6, 300)).toBe(480);
    expect(heightAt(30e6, 240)).toBe(240);
    expect(heightAt(30e6, 600)).toBe(720);
  });

  it("reads a recording's master too, where BANDWIDTH is one of several attributes", () => {
    const vod = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=1216605,AVERAGE-BANDWIDTH=900000,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2",FRAME-RATE=24.000,AUDIO="aud"',
      'v480/index.m3u8',
      '#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=400000,BANDWIDTH=507469,RESOLUTION=426x240,CODECS="avc1.42c015,mp4a.40.2",AUDIO="aud"',
      'v240/index.m3u8',
    ].join('\r\n');
    expect(parseVariants(vod)).toEqual([
      { bitrate: 1_216_605, height: 480, uri: 'v480/index.m3u8' },
      { bitrate: 507_469, height: 240, uri: 'v240/index.m3u8' },
    ]);
  });

  it('is none for a playlist without renditions', () => {
    expect(startVariant([], 9e6, 720)).toBe(-1);
  });
});

describe("the line's rate a first play starts from", () => {
  // The TV guide at the press: the font (one burst), then the player's code, fetched beside the
  // watch call (figures of a fresh browser on the local server, whose Chrome says 10 Mbit/s).
  const guideFiles = [
    { bytes: 31_384, seconds: 0.002 },
    { bytes: 134_531, seconds: 0.228 },
    { bytes: 65_473, seconds: 0.134 },
    { bytes: 941, seconds: 0.027 },
  ];
  // A 1360 px wide player on a screen of one device pixel per CSS pixel.
  const player1360 = Math.round((1360 * 9) / 16);

  it("is the greater of the page files' median and the browser's own estimate", () => {
    const files = pageBandwidth(guideFiles, undefined)!;
    expect(files).toBeGreaterThan(4e6);
    expect(files).toBeLessThan(5e6);
    expect(pageBandwidth(guideFiles, 10)).toBe(10e6);
    // The browser's estimate never lowers what the files measured.
    expect(pageBandwidth(guideFiles, 1)).toBe(files);
  });

  it('is the browser estimate alone on a page without larger files, and unknown without either', () => {
    expect(pageBandwidth([{ bytes: 941, seconds: 0.027 }], 2.5)).toBe(2.5e6);
    expect(pageBandwidth([], undefined)).toBeUndefined();
  });

  it('starts a live channel in a 1360 px player at 480p on the TV guide, not at the lowest', () => {
    expect(heightAt(pageBandwidth(guideFiles, undefined), player1360)).toBe(240);
    expect(heightAt(pageBandwidth(guideFiles, 10), player1360)).toBe(480);
  });
});
