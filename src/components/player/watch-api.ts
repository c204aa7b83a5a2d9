/**
 * The watch API as the player uses it (under /cms/content_experience/): what to play, the stream's
 * heartbeat, progress, the remembered choices and the account's other streams.
 */
import { type ApiResult, api, browserEnvironment, createApiClient } from '../../lib/api-client.ts';

const BASE = '/cms/content_experience';

export interface Subtitle {
  lang: string;
  label: string;
  src: string;
}

export interface Preferences {
  audio: string;
  subtitles: string;
}

export interface WatchAnswer {
  content: { id: number; type: string; name: string; slug?: string; ageRating: number };
  episode: { id: number; season: number; number: number; name: string } | null;
  live: boolean;
  manifest: string;
  expiresAt: string;
  duration: number;
  position: number;
  markers: { intro: { start: number; end: number } | null; credits: number | null } | null;
  thumbnails: string | null;
  poster: string | null;
  subtitles: Subtitle[];
  next: { episodeId: number; season: number; number: number; name: string; url: string } | null;
  stream: { id: string | number; heartbeatSeconds: number } | null;
  preferences: Preferences;
  /** Live channels only. */
  dvrSeconds?: number;
  channel?: { id: number; slug: string; name: string };
  programme?: { name: string; startsAt: string | number; endsAt: string | number } | null;
}

export interface StreamInfo {
  id: string | number;
  deviceName: string;
  deviceType: string;
  title: string;
  startedAt: string | number;
  lastSeenAt: string | number;
}

/** What to play: a title (a series plays its episode to continue), an episode or a channel. */
export type WatchTarget =
  | { kind: 'title'; contentId: number }
  | { kind: 'episode'; contentId: number; episodeId: number }
  | { kind: 'channel'; channel: string };

export function watchPath(target: WatchTarget): string {
  if (target.kind === 'episode') return `${BASE}/watch_episode/${target.episodeId}/`;
  if (target.kind === 'channel')
    return `${BASE}/watches/channels/${encodeURIComponent(target.channel)}/`;
  return `${BASE}/watches/${target.contentId}/`;
}

export const fetchWatch = (target: WatchTarget): Promise<ApiResult<WatchAnswer>> =>
  api.get<WatchAnswer>(watchPath(target));

export const heartbeat = (streamId: string | number) =>
  api.post(`${BASE}/streams/${streamId}/heartbeat/`);

export const stopStream = (streamId: string | number) => api.delete(`${BASE}/streams/${streamId}/`);

export const savePreferences = (p: Preferences) => api.put(`${BASE}/preferences/`, p);

export interface Progress {
  contentId: number;
  episodeId: number;
  position: number;
  duration: number;
}

export const sendProgress = (p: Progress) => api.post(`${BASE}/progress/`, p);

/**
 * The API client with a beacon for transport: a beacon survives the page going away where a fetch
 * may not, and the URL still follows the client's rules (host, device query, token).
 */
const beaconClient = createApiClient({
  ...browserEnvironment,
  fetch(url, init) {
    const sent = navigator.sendBeacon?.(
      url,
      new Blob([init.body ?? ''], { type: 'application/json' }),
    );
    return Promise.resolve(new Response(null, { status: sent ? 204 : 503 }));
  },
});

/** Progress as the page goes away (pagehide). */
export const beaconProgress = (p: Progress) => void beaconClient.post(`${BASE}/progress/`, p);
