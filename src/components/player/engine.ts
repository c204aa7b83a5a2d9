/**
 * Puts an HLS manifest on a <video>: hls.js where the browser has Media Source Extensions, the
 * browser's own HLS where it has no MSE but plays HLS natively (older iPhones). Network and media
 * errors are retried three times with a growing pause (startLoad / recoverMediaError) before the
 * player is told it failed.
 */
import type { ErrorData } from 'hls.js';
import Hls from 'hls.js';
import { playerHeight, rememberBandwidth, startVariant } from './start-level.ts';

// Only the default export: the build aliases 'hls.js' to its source entry, which has no others.
const { Events, ErrorTypes, ErrorDetails } = Hls;

/** Playlist loads: a 403 on one is the server refusing this stream, not a network failure. */
const PLAYLIST_LOADS: readonly string[] = [
  ErrorDetails.MANIFEST_LOAD_ERROR,
  ErrorDetails.LEVEL_LOAD_ERROR,
  ErrorDetails.AUDIO_TRACK_LOAD_ERROR,
];

export interface Quality {
  /** hls.js level index. */
  index: number;
  height: number;
}

export interface AudioOption {
  /** hls.js audio track index (or the native AudioTrackList's). */
  index: number;
  lang: string;
  name: string;
}

export interface EngineEvents {
  /** Levels and audio tracks are known. */
  onTracks(levels: Quality[], audio: AudioOption[]): void;
  /** The level playing now changed (ABR or a manual choice). */
  onLevel(height: number): void;
  /** Three tries did not help. */
  onFailed(): void;
  /**
   * The server refused a playlist (403): the stream was stopped on another device, lapsed while
   * two others took the slots, or its link expired. Retrying the same URL cannot help.
   */
  onRefused(): void;
}

export const RETRIES = 3;
const BACKOFF_MS = [1000, 2000, 4000];

export interface Engine {
  /** -1 for automatic. */
  setLevel(index: number): void;
  setAudio(lang: string): void;
  /** The live edge to jump to (live only). */
  liveEdge(): number | null;
  /** The programme clock of what plays (live, EXT-X-PROGRAM-DATE-TIME). */
  playingDate(): Date | null;
  destroy(): void;
}

interface NativeAudioTrack {
  enabled: boolean;
  language: string;
  label: string;
}

export interface EngineOptions {
  manifest: string;
  startPosition: number;
  audio: string;
  live: boolean;
  /** This browser's measured download rate (bit/s), if any: picks the first rendition (start-level.ts). */
  bandwidth?: number;
}

/** How often what hls.js measures is kept for the next start. */
const REMEMBER_MS = 10_000;

/** What this browser can play HLS with. */
export function hlsSupport(video: HTMLVideoElement): 'mse' | 'native' | null {
  if (Hls.isSupported()) return 'mse';
  return video.canPlayType('application/vnd.apple.mpegurl') ? 'native' : null;
}

export function attach(video: HTMLVideoElement, o: EngineOptions, events: EngineEvents): Engine {
  return hlsSupport(video) === 'mse' ? attachHls(video, o, events) : attachNative(video, o, events);
}

function attachHls(video: HTMLVideoElement, o: EngineOptions, events: EngineEvents): Engine {
  const hls = new Hls({
    startPosition: o.live ? -1 : o.startPosition,
    capLevelToPlayerSize: true,
    startFragPrefetch: true,
    ...(o.bandwidth ? { abrEwmaDefaultEstimate: o.bandwidth } : {}),
    maxBufferLength: 30,
    backBufferLength: 90,
    // Segments are handled on the main thread, said out loud: hls.js built from its source has no
    // worker bundle, so `enableWorker` could not start one anyway. Our segments are fragmented MP4,
    // which hls.js passes to the browser as they are (no remux): about 2 ms of hls.js a second of
    // 720p playback in all; a worker of our own build cost 33 KB gzip and a later first frame
    // (docs/decisions.md, «hls.js remuxes on the main thread», «Clips in fragmented MP4»).
    enableWorker: false,
    // The remembered language from the first fragment on, not switched to after the default.
    audioPreference: { lang: o.audio },
  });
  // Read by the browser journeys (quality, audio) and handy in devtools; not an API.
  Object.defineProperty(video, 'hls', { value: hls, configurable: true });
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const audioOptions = () =>
    hls.audioTracks.map((t, index) => ({ index, lang: t.lang ?? '', name: t.name }));

  // The first rendition (start-level.ts). hls.js parses the master inside its own MANIFEST_LOADED
  // handling and starts loading only after this listener has run, so the choice is in time.
  hls.on(Events.MANIFEST_PARSED, () => {
    const variants = hls.levels.map((l) => ({ bitrate: l.bitrate, height: l.height }));
    const start = startVariant(variants, o.bandwidth, playerHeight(video));
    if (start >= 0) hls.startLevel = start;
    events.onTracks(
      hls.levels.map((l, index) => ({ index, height: l.height })),
      audioOptions(),
    );
  });
  hls.on(Events.AUDIO_TRACKS_UPDATED, () => {
    events.onTracks(
      hls.levels.map((l, index) => ({ index, height: l.height })),
      audioOptions(),
    );
  });
  hls.on(Events.LEVEL_SWITCHED, (_e, data) => {
    events.onLevel(hls.levels[data.level]?.height ?? 0);
  });
  // A fragment that arrives means the network is back: the next failure gets three tries again.
  // And what hls.js measured of the line is kept for the next start: from video fragments only (an
  // audio track's are not sampled), once it has measured (before that it reports its default).
  let remembered = Number.NEGATIVE_INFINITY;
  hls.on(Events.FRAG_BUFFERED, (_e, data) => {
    tries = 0;
    if (data.frag.type !== 'main' || performance.now() - remembered < REMEMBER_MS) return;
    if (hls.bandwidthEstimate === hls.abrEwmaDefaultEstimate) return;
    remembered = performance.now();
    rememberBandwidth(hls.bandwidthEstimate);
  });
  hls.on(Events.ERROR, (_e, data: ErrorData) => {
    if (data.response?.code === 403 && PLAYLIST_LOADS.includes(data.details)) {
      clearTimeout(timer);
      hls.stopLoad();
      events.onRefused();
      return;
    }
    if (!data.fatal) return;
    if (tries >= RETRIES) {
      events.onFailed();
      return;
    }
    const pause = BACKOFF_MS[tries] ?? 4000;
    tries += 1;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (data.type === ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
      else if (data.type === ErrorTypes.NETWORK_ERROR) hls.startLoad();
      else events.onFailed();
    }, pause);
  });
  hls.loadSource(o.manifest);
  hls.attachMedia(video);

  return {
    setLevel(index) {
      hls.currentLevel = index;
    },
    setAudio(lang) {
      const index = hls.audioTracks.findIndex((t) => t.lang === lang);
      if (index >= 0) hls.audioTrack = index;
    },
    liveEdge: () => hls.liveSyncPosition,
    playingDate: () => hls.playingDate,
    destroy() {
      clearTimeout(timer);
      hls.destroy();
      delete (video as { hls?: unknown }).hls;
    },
  };
}

function attachNative(video: HTMLVideoElement, o: EngineOptions, events: EngineEvents): Engine {
  let tries = 0;
  const nativeAudio = () =>
    (video as unknown as { audioTracks?: ArrayLike<NativeAudioTrack> }).audioTracks;
  const onMeta = () => {
    if (!o.live && o.startPosition > 0) video.currentTime = o.startPosition;
    const list = nativeAudio();
    const audio = list
      ? Array.from(list, (t, index) => ({ index, lang: t.language, name: t.label }))
      : [];
    events.onTracks([], audio);
  };
  // The browser's own player retries segments itself; a media error here is after it gave up.
  const onError = () => {
    if (tries >= RETRIES) return events.onFailed();
    tries += 1;
    const at = video.currentTime;
    setTimeout(
      () => {
        video.src = o.manifest;
        video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
      },
      BACKOFF_MS[tries - 1],
    );
  };
  video.addEventListener('loadedmetadata', onMeta, { once: true });
  video.addEventListener('error', onError);
  video.src = o.manifest;
  return {
    setLevel() {},
    setAudio(lang) {
      const list = nativeAudio();
      if (!list) return;
      for (const t of Array.from(list)) t.enabled = t.language === lang;
    },
    liveEdge() {
      const { seekable } = video;
      return seekable.length ? seekable.end(seekable.length - 1) : null;
    },
    playingDate() {
      const start = (video as unknown as { getStartDate?: () => Date }).getStartDate?.();
      return start && !Number.isNaN(start.getTime())
        ? new Date(start.getTime() + video.currentTime * 1000)
        : null;
    },
    destroy() {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}
