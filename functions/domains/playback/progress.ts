import { entitlementsQuery, parentalQuery, type Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { batch, run } from '../../db/run.ts';
import { ApiError } from '../../lib/errors.ts';
import { watchUrl } from '../catalogue/index.ts';
import { clipFor } from './clips.ts';
import { COMPLETE_SHARE } from './limits.ts';
import type { PendingPosition } from './progress-store.ts';
import {
  episodeQuery,
  type LastWatched,
  lastWatchedQuery,
  savePreferences,
  sessionDeviceQuery,
  titleQuery,
} from './repo.ts';
import type { PreferencesInput, ProgressInput } from './schemas.ts';
import {
  accountOf,
  decide,
  type PlaybackClient,
  profileOf,
  streamDevice,
  streamView,
  TooManyStreams,
  titleItem,
} from './service.ts';
import {
  activeStreams,
  heartbeatStream,
  pendingPositions,
  recordPosition,
  stopStream,
} from './streams.ts';
import { playbackTexts } from './texts.ts';

/** Progress, preferences, streams and /resume: what a signed-in profile writes while watching. */

const needsAccount = () => new ApiError(401, playbackTexts.signInToContinue, 'unauthorized');

function signedIn(viewer: Viewer): { account: number; profile: number } {
  const account = accountOf(viewer);
  const profile = profileOf(viewer);
  if (account === null || profile === null) throw needsAccount();
  return { account, profile };
}

const invalid = (field: string, message: string) =>
  new ApiError(422, message, 'invalid_field', {}, { field });

/** Whether progress at `position` of `duration` finishes the thing (95 %, or past the credits). */
export function isComplete(position: number, duration: number, credits: number | null): boolean {
  return (
    position >= duration * COMPLETE_SHARE ||
    (credits !== null && credits > 0 && position >= credits)
  );
}

/**
 * `POST progress/`: the player's position in a film or an episode the viewer may play; marks it
 * completed at 95 % or past the credits, and puts it back on "continue watching". The position
 * goes to the account's object, which writes D1 at once when it completes the thing (or is its
 * first), else at most once a minute (docs/decisions.md, «Progress lives in the account's Durable
 * Object»). The reads that decide whether it may be kept stay in D1.
 */
export async function recordProgress(
  viewer: Viewer,
  client: PlaybackClient,
  input: ProgressInput,
  now: number,
): Promise<void> {
  const { account, profile } = signedIn(viewer);
  const d = d1();
  const [title, episode, entitlements, parental] = await batch(d, [
    titleQuery(d, input.contentId),
    episodeQuery(d, input.episodeId),
    entitlementsQuery(d, accountOf(viewer) ?? 0),
    parentalQuery(d, accountOf(viewer) ?? 0, client.sessionId),
  ] as const);
  // What is not out yet cannot be watched, so neither can progress be kept for it (as the watch calls).
  if (!title || title.releasedAt > now)
    throw new ApiError(404, playbackTexts.contentNotFound, 'content_not_found');
  if (title.type === 'series' && !input.episodeId)
    throw invalid('episodeId', playbackTexts.episodeRequired);
  if (input.episodeId && episode?.title.id !== title.id)
    throw invalid('episodeId', playbackTexts.episodeNotInTitle);
  if (episode && input.episodeId && episode.releasedAt > now)
    throw new ApiError(404, playbackTexts.episodeNotFound, 'episode_not_found');
  const free = title.type === 'trailer' || episode?.free === 1;
  await decide(viewer, titleItem(title, free), { entitlements, parental }, now);
  const credits = await clipFor(
    input.episodeId ? { kind: 'episode', id: input.episodeId } : { kind: 'title', id: title.id },
  ).then(
    ({ meta }) => meta.credits ?? null,
    () => null,
  );
  const position = Math.min(input.position, input.duration);
  await recordPosition(
    account,
    {
      profileId: profile,
      titleId: title.id,
      episodeId: input.episodeId,
      season: input.episodeId && episode ? episode.season : null,
      number: input.episodeId && episode ? episode.number : null,
      position,
      duration: input.duration,
      completed: isComplete(position, input.duration, credits),
      updatedAt: now,
    },
    now,
  );
}

/** `PUT preferences/`: the profile's audio language and subtitles, given back in watch answers. */
export async function updatePreferences(viewer: Viewer, input: PreferencesInput, now: number) {
  const { profile } = signedIn(viewer);
  await savePreferences(d1(), profile, input, now).run();
}

/** The device the session's streams are counted for, the same one the watch calls claim with. */
async function sessionDevice(client: PlaybackClient, account: number, now: number) {
  const row = await run(sessionDeviceQuery(d1(), client.sessionId, account, now));
  return streamDevice(client, row).device;
}

/** `GET streams/`: the account's streams playing now; `current` marks this browser's. */
export async function listStreams(viewer: Viewer, client: PlaybackClient, now: number) {
  const { account } = signedIn(viewer);
  const [mine, streams] = await Promise.all([
    sessionDevice(client, account, now),
    activeStreams(account, now),
  ]);
  return streams.map((s) => ({ ...streamView(s), current: s.device === mine }));
}

/** `DELETE streams/{id}/`: stops a stream of the account (404 for any other id). */
export async function endStream(viewer: Viewer, id: string, now: number) {
  const { account } = signedIn(viewer);
  if (!(await stopStream(account, id, now)))
    throw new ApiError(404, playbackTexts.streamNotFound, 'stream_not_found');
}

/**
 * `POST streams/{id}/heartbeat/`: keeps this device's stream; 409 stream_stopped when it was
 * stopped, replaced, is unknown or another device's; 409 too_many_streams (with the streams) when
 * it lapsed into a full limit; 'session_ended' (the route's 401) when the session was revoked or
 * is over. Only the account's object is asked (it learnt the session from the watch call); a
 * session it never saw is read from D1 once and taught to it.
 */
export async function streamHeartbeat(
  viewer: Viewer,
  client: PlaybackClient,
  id: string,
  now: number,
): Promise<'session_ended' | undefined> {
  const { account } = signedIn(viewer);
  const sessionId = client.sessionId;
  if (!sessionId) return 'session_ended';
  let beat = await heartbeatStream(account, id, sessionId, now);
  if (!beat.ok && beat.reason === 'unknown_session') {
    const row = await run(sessionDeviceQuery(d1(), sessionId, account, now));
    if (!row) return 'session_ended';
    const device = streamDevice(client, row).device;
    beat = await heartbeatStream(account, id, sessionId, now, {
      device,
      expiresAt: row.expiresAt,
    });
  }
  if (beat.ok) return;
  if (beat.reason === 'session_ended' || beat.reason === 'unknown_session') return 'session_ended';
  if (beat.reason === 'too_many') throw new TooManyStreams(beat.streams);
  throw new ApiError(409, playbackTexts.streamStopped, 'stream_stopped');
}

/**
 * Where /resume sends a signed-in profile: the watch page of what it watched last, playing, with
 * the episode and the moment (`t`, whole seconds; none when it was finished); null when nothing.
 */
export async function resumeTarget(viewer: Viewer): Promise<string | null> {
  const profile = profileOf(viewer);
  const account = accountOf(viewer);
  if (profile === null || account === null) return null;
  const [row, pending] = await Promise.all([
    run(lastWatchedQuery(d1(), profile)),
    pendingPositions(account, profile),
  ]);
  const last = newest(row, pending[0]);
  if (!last) return null;
  const params = new URLSearchParams();
  if (last.episodeId > 0 && last.season !== null && last.number !== null) {
    params.set('season', String(last.season));
    params.set('episode', String(last.number));
  }
  // It plays there at once: «resume» is a request to watch, not to read the title's page.
  params.set('play', '1');
  if (!last.completed && last.position >= 1) params.set('t', String(Math.floor(last.position)));
  return `${watchUrl(last.titleId)}?${params}`;
}

/** D1's last row, or the object's newest position not yet written when it is newer. */
function newest(
  row: LastWatched | undefined,
  pending: PendingPosition | undefined,
): LastWatched | undefined {
  if (!pending || (row && row.updatedAt > pending.updatedAt)) return row;
  return {
    titleId: pending.titleId,
    episodeId: pending.episodeId,
    position: pending.position,
    completed: pending.completed ? 1 : 0,
    season: pending.season,
    number: pending.number,
    updatedAt: pending.updatedAt,
  };
}
