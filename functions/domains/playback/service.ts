import {
  canPlay,
  type Entitlement,
  entitlementsQuery,
  type PlayItem,
  parentalQuery,
  refusal,
  startRental,
  toRights,
  type Unlock,
  type Viewer,
} from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { batch } from '../../db/run.ts';
import { ApiError } from '../../lib/errors.ts';
import { deviceTypeName } from '../../shared/device.ts';
import { ageLabel, watchUrl } from '../catalogue/index.ts';
import { type ClipMeta, clipFor } from './clips.ts';
import { DVR_SECONDS, HEARTBEAT_SECONDS, MEDIA_TOKEN_SECONDS, RENTAL_SECONDS } from './limits.ts';
import { type MediaScope, mediaSigner, type StreamBinding } from './media-token.ts';
import type { PendingPosition, ProgressKey } from './progress-store.ts';
import {
  type ChannelRow,
  channelQuery,
  continueEpisodeQuery,
  type EpisodeRow,
  episodeQuery,
  nextEpisodeQuery,
  type Preferences,
  preferencesQuery,
  progressQuery,
  sessionDeviceQuery,
  type TitleRow,
  titleQuery,
} from './repo.ts';
import type { VodAnswer } from './schemas.ts';
import type { Stream, StreamDevice } from './stream-limit.ts';
import { claimStream } from './streams.ts';
import { playbackTexts } from './texts.ts';

/**
 * The watch calls (docs/product.md, «Who may see what»): what the viewer may play, where its
 * media are (signed URLs), where to resume, what comes next, and a slot of the account's stream
 * limit. Services take the viewer and the request's device as plain data.
 */

/** The browser asking, as the edge saw it: its device session and device id, and how it looks. */
export interface PlaybackClient {
  sessionId: string | null;
  deviceId: string;
  /** In Russian, from the user agent («Chrome на Windows»); empty when the agent tells nothing. */
  deviceName: string;
  deviceType: string;
}

export const DEFAULT_PREFERENCES: Preferences = { audio: 'ru', subtitles: 'off' };

const NO_ACCOUNT = 0;
export const accountOf = (viewer: Viewer) => (viewer.account ? Number(viewer.account) : null);
export const profileOf = (viewer: Viewer) => (viewer.profile ? Number(viewer.profile) : null);

/** The queries of the account's side of a play (rights, device, preferences), one batch with the item's. */
export function accountQueries(viewer: Viewer, client: PlaybackClient, now: number) {
  const d = d1();
  const account = accountOf(viewer) ?? NO_ACCOUNT;
  return [
    entitlementsQuery(d, account),
    parentalQuery(d, account, client.sessionId),
    sessionDeviceQuery(d, client.sessionId, account, now),
    preferencesQuery(d, profileOf(viewer) ?? NO_ACCOUNT),
  ] as const;
}

const products = (title: TitleRow) => (title.products ? title.products.split(',').map(Number) : []);

export const titleItem = (title: TitleRow, free: boolean): PlayItem => ({
  kind: 'title',
  type: title.type,
  partner: title.partner,
  ageRating: title.ageRating,
  free: free || title.type === 'trailer',
  titleId: title.id,
  subscriptions: products(title),
});

/** The decision, with the rental started if this play starts it; throws the 403 when refused. */
export async function decide(
  viewer: Viewer,
  item: PlayItem,
  rows: { entitlements: Entitlement[]; parental: Parameters<typeof toRights>[1] },
  now: number,
): Promise<Unlock> {
  const rights = viewer.account ? toRights(rows.entitlements, rows.parental, now) : null;
  const decision = canPlay(viewer, item, rights, now);
  if (!decision.allowed) throw refusal(decision);
  return decision.unlock;
}

/** The session's device as the watch call read it (with the session's end), when it is live. */
type SessionDevice = {
  deviceId: string;
  deviceName: string;
  deviceType: string;
  expiresAt: number;
};

/**
 * A slot of the account's stream limit, or the 409 with the streams that hold them. The object
 * keeps the session for the heartbeats, and answers the position of `resume` not yet in D1.
 */
async function claim(
  viewer: Viewer,
  client: PlaybackClient,
  device: SessionDevice | undefined,
  title: string,
  now: number,
  resume?: ProgressKey,
): Promise<{ stream: Stream | null; resume: PendingPosition | null }> {
  const account = accountOf(viewer);
  if (account === null) return { stream: null, resume: null };
  const session =
    client.sessionId && device ? { id: client.sessionId, expiresAt: device.expiresAt } : null;
  const claimed = await claimStream(
    account,
    streamDevice(client, device),
    session,
    title,
    now,
    resume,
  );
  if (!claimed.ok) throw tooManyStreams(claimed.streams);
  return claimed;
}

/** The thing the profile resumes, when the viewer has a profile. */
const resumeKey = (viewer: Viewer, titleId: number, episodeId: number): ProgressKey | undefined => {
  const profileId = profileOf(viewer);
  return profileId === null ? undefined : { profileId, titleId, episodeId };
};

/**
 * The device a stream is counted for: the session's device, named in Russian by the browser that
 * plays (its user agent), else by the session's device type («Телефон»).
 */
export function streamDevice(
  client: PlaybackClient,
  session?: { deviceId: string; deviceName: string; deviceType: string },
): StreamDevice {
  const deviceType = session?.deviceType || client.deviceType;
  return {
    device: session?.deviceId || client.deviceId,
    deviceName: client.deviceName || deviceTypeName(deviceType),
    deviceType,
  };
}

/** The 409 of a full stream limit: the envelope with the streams, for the player to offer stopping one. */
export class TooManyStreams extends ApiError {
  readonly streams: ReturnType<typeof streamView>[];
  constructor(streams: Stream[]) {
    const views = streams.map(streamView);
    super(409, playbackTexts.tooManyStreams, 'too_many_streams', {}, { streams: views });
    this.streams = views;
  }
}
const tooManyStreams = (streams: Stream[]) => new TooManyStreams(streams);

/** A stream as the API shows it (the device key stays inside). */
export const streamView = (s: Stream) => ({
  id: s.id,
  deviceName: s.deviceName || deviceTypeName(s.deviceType),
  deviceType: s.deviceType,
  title: s.title,
  startedAt: new Date(s.startedAt * 1000).toISOString(),
  lastSeenAt: new Date(s.lastSeenAt * 1000).toISOString(),
});

type Signer = ReturnType<typeof mediaSigner>;

/** Until when media may be signed: an hour, or less when the right that unlocks them ends sooner. */
const tokenExpiry = (unlock: Unlock, now: number) =>
  Math.min(now + MEDIA_TOKEN_SECONDS, unlock.until ?? Number.MAX_SAFE_INTEGER);

/** What a signed-in viewer's token is bound to: the stream it claimed (guests' tokens are unbound). */
const bindingOf = (viewer: Viewer, stream: Stream | null): StreamBinding | null => {
  const account = accountOf(viewer);
  return stream && account !== null ? { account, id: stream.id } : null;
};

/** The markers of what has neither an intro nor credits. */
const NO_MARKERS = { intro: null, credits: null };

/** The media part of an answer: one token for the clip's whole scope. */
async function vodMedia(
  sign: Signer,
  clip: string,
  meta: ClipMeta,
  expiresAt: number,
  now: number,
  stream: StreamBinding | null,
) {
  const scope: MediaScope = `vod/${clip}`;
  const base = `/media/hls/${await sign(scope, expiresAt, now, stream)}/${scope}/`;
  return {
    manifest: `${base}master.m3u8`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    duration: meta.duration,
    markers: { intro: meta.intro ?? null, credits: meta.credits ?? null },
    thumbnails: meta.thumbnails ? `${base}${meta.thumbnails}` : null,
    poster: meta.poster === null ? null : `${base}${meta.poster ?? 'poster.jpg'}`,
    subtitles: (meta.subtitles ?? []).map((s) => ({
      lang: s.lang,
      label: s.label,
      src: `${base}${s.file}`,
    })),
  };
}

const content = (title: TitleRow) => ({
  id: title.id,
  type: title.type,
  name: title.name,
  slug: title.slug,
  ageRating: ageLabel(title.ageRating),
});

/** Where to start: the position not yet in D1 when there is one, else D1's; 0 once finished. */
const resumeAt = (
  p: { position: number; completed: number } | undefined,
  pending: PendingPosition | null,
) => {
  const last = pending ? { position: pending.position, completed: pending.completed ? 1 : 0 } : p;
  return last && !last.completed ? last.position : 0;
};

/** Plays the episode on its page (the next episode's link, where /resume leads). */
const episodeUrl = (titleId: number, e: { season: number; number: number }) =>
  `${watchUrl(titleId)}?season=${e.season}&episode=${e.number}&play=1`;

const notReleased = (releasedAt: number, now: number) => releasedAt > now;

/** Starts a rental on the play that unlocks it first (once, however many plays race). */
async function startIfRental(unlock: Unlock, viewer: Viewer, now: number) {
  const account = accountOf(viewer);
  if (unlock.by === 'rental' && unlock.starts && account !== null)
    await startRental(d1(), unlock.entitlementId, account, now, RENTAL_SECONDS).run();
}

/**
 * Plays a clip: the signing key first (a missing key is a 503 before anything is spent), then the
 * stream slot, the signed media, and only then the rental's start.
 */
async function playVod(
  viewer: Viewer,
  client: PlaybackClient,
  device: Parameters<typeof claim>[2],
  label: string,
  unlock: Unlock,
  clip: string,
  meta: ClipMeta,
  now: number,
  resume: ProgressKey | undefined,
) {
  const sign = mediaSigner();
  const { stream, resume: pending } = await claim(viewer, client, device, label, now, resume);
  const media = await vodMedia(
    sign,
    clip,
    meta,
    tokenExpiry(unlock, now),
    now,
    bindingOf(viewer, stream),
  );
  await startIfRental(unlock, viewer, now);
  return { stream, media, pending };
}

/**
 * `GET watch_episode/{episodeId}/`: an episode of a series.
 * @example await watchEpisode(viewer, client, 12, nowSeconds())
 */
export async function watchEpisode(
  viewer: Viewer,
  client: PlaybackClient,
  episodeId: number,
  now: number,
): Promise<VodAnswer> {
  const d = d1();
  const profile = profileOf(viewer) ?? NO_ACCOUNT;
  const [episode, next, progress, entitlements, parental, device, prefs] = await batch(d, [
    episodeQuery(d, episodeId),
    nextEpisodeQuery(d, episodeId, now),
    progressQuery(d, profile, null, episodeId),
    ...accountQueries(viewer, client, now),
  ] as const);
  if (!episode || notReleased(episode.releasedAt, now))
    throw new ApiError(404, playbackTexts.episodeNotFound, 'episode_not_found');
  const unlock = await decide(
    viewer,
    titleItem(episode.title, episode.free === 1),
    { entitlements, parental },
    now,
  );
  // What can fail (the clip, the signing key) before a slot is claimed and a rental started.
  const { clip, meta } = await clipFor({ kind: 'episode', id: episode.id });
  const { stream, media, pending } = await playVod(
    viewer,
    client,
    device,
    `${episode.title.name}, ${episode.season} сезон, ${episode.number} серия`,
    unlock,
    clip,
    meta,
    now,
    resumeKey(viewer, episode.title.id, episode.id),
  );
  return {
    content: content(episode.title),
    episode: episodeView(episode),
    live: false as const,
    ...media,
    position: resumeAt(progress, pending),
    next: next ? nextView(episode.title.id, next) : null,
    stream: stream && { id: stream.id, heartbeatSeconds: HEARTBEAT_SECONDS },
    preferences: prefs ?? DEFAULT_PREFERENCES,
  };
}

const episodeView = (e: EpisodeRow) => ({
  id: e.id,
  season: e.season,
  number: e.number,
  name: e.name,
});
const nextView = (titleId: number, e: EpisodeRow) => ({
  episodeId: e.id,
  season: e.season,
  number: e.number,
  name: e.name,
  url: episodeUrl(titleId, e),
});

/**
 * `GET watches/{contentId}/`: a film, kids title or trailer; for a series, the episode to go on
 * with (or its first).
 */
export async function watchTitle(
  viewer: Viewer,
  client: PlaybackClient,
  contentId: number,
  now: number,
): Promise<VodAnswer> {
  const d = d1();
  const profile = profileOf(viewer) ?? NO_ACCOUNT;
  const [title, episodeId, progress, entitlements, parental, device, prefs] = await batch(d, [
    titleQuery(d, contentId),
    continueEpisodeQuery(d, contentId, profile, now),
    progressQuery(d, profile, contentId, 0),
    ...accountQueries(viewer, client, now),
  ] as const);
  if (!title || notReleased(title.releasedAt, now))
    throw new ApiError(404, playbackTexts.contentNotFound, 'content_not_found');
  if (title.type === 'series') {
    if (!episodeId) throw new ApiError(404, playbackTexts.episodeNotFound, 'episode_not_found');
    return watchEpisode(viewer, client, episodeId, now);
  }
  const unlock = await decide(viewer, titleItem(title, false), { entitlements, parental }, now);
  const { clip, meta } = await clipFor({ kind: 'title', id: title.id });
  const { stream, media, pending } = await playVod(
    viewer,
    client,
    device,
    title.name,
    unlock,
    clip,
    meta,
    now,
    resumeKey(viewer, title.id, 0),
  );
  return {
    content: content(title),
    episode: null,
    live: false as const,
    ...media,
    // A trailer is all show: no intro to skip, no credits (docs/product.md, «Screens and routes»).
    markers: title.type === 'trailer' ? NO_MARKERS : media.markers,
    position: resumeAt(progress, pending),
    next: null,
    stream: stream && { id: stream.id, heartbeatSeconds: HEARTBEAT_SECONDS },
    preferences: prefs ?? DEFAULT_PREFERENCES,
  };
}

const channelItem = (c: ChannelRow): PlayItem => ({
  kind: 'channel',
  ageRating: c.ageRating,
  free: c.free === 1,
  titleId: null,
  subscriptions: [],
});

/** `GET watches/channels/{idOrSlug}/`: a live channel, with the programme on air. */
export async function watchChannel(
  viewer: Viewer,
  client: PlaybackClient,
  idOrSlug: string,
  now: number,
) {
  const d = d1();
  const [channel, entitlements, parental, device, prefs] = await batch(d, [
    channelQuery(d, idOrSlug, now),
    ...accountQueries(viewer, client, now),
  ] as const);
  if (!channel) throw new ApiError(404, playbackTexts.channelNotFound, 'channel_not_found');
  const unlock = await decide(viewer, channelItem(channel), { entitlements, parental }, now);
  // The media must be there, and signable, before a slot is claimed (503 otherwise).
  await clipFor({ kind: 'channel', id: channel.id });
  const sign = mediaSigner();
  const { stream } = await claim(viewer, client, device, channel.name, now);
  const scope: MediaScope = `live/${channel.id}`;
  const expiresAt = tokenExpiry(unlock, now);
  const base = `/media/hls/${await sign(scope, expiresAt, now, bindingOf(viewer, stream))}/${scope}/`;
  return {
    content: {
      id: channel.id,
      type: 'channel' as const,
      name: channel.name,
      slug: channel.slug,
      ageRating: ageLabel(channel.ageRating),
    },
    episode: null,
    live: true as const,
    dvrSeconds: DVR_SECONDS,
    channel: { id: channel.id, slug: channel.slug, name: channel.name },
    programme:
      channel.programmeName === null
        ? null
        : {
            name: channel.programmeName,
            startsAt: new Date(channel.programmeStartsAt! * 1000).toISOString(),
            endsAt: new Date(channel.programmeEndsAt! * 1000).toISOString(),
          },
    manifest: `${base}master.m3u8`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    duration: 0,
    position: 0,
    markers: null,
    thumbnails: null,
    poster: null,
    subtitles: [],
    next: null,
    stream: stream && { id: stream.id, heartbeatSeconds: HEARTBEAT_SECONDS },
    preferences: prefs ?? DEFAULT_PREFERENCES,
  };
}
