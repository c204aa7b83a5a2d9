/**
 * The watch API as the player uses it (under /cms/content_experience/): what to play, the stream's
 * heartbeat, progress, the remembered choices and the account's other streams.
 */
import type { z } from 'zod';
import type { playbackSchemas } from '../../../functions/domains/playback/index.ts';
import { type ApiResult, api, browserEnvironment, createApiClient } from '../../lib/api-client.ts';

const BASE = '/cms/content_experience';

// Types only: the answers' schemas are the playback domain's, and zod stays out of the player.
/** What a watch call answers (a film's or an episode's, or a channel's with its live fields). */
export type WatchAnswer = z.infer<typeof playbackSchemas.watchAnswer>;
export type Subtitle = WatchAnswer['subtitles'][number];
export type Preferences = WatchAnswer['preferences'];
/** A stream of the account's limit, as the 409 of a full limit lists them. */
export type StreamInfo = z.infer<typeof playbackSchemas.stream>;

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
