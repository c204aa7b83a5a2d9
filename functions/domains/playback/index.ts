/**
 * Playback (docs/product.md, «Who may see what» and «Numbers»): the watch calls, signed media,
 * live playlists, the concurrent-stream limit, progress, preferences and /resume.
 */
export { HEARTBEAT_SECONDS, MAX_STREAMS, STREAM_TTL_SECONDS } from './limits.ts';
export { mediaResponse } from './media.ts';
export { mediaToken } from './media-token.ts';
export {
  endStream,
  isComplete,
  listStreams,
  recordProgress,
  resumeTarget,
  streamHeartbeat,
  updatePreferences,
} from './progress.ts';
export type { PendingPosition } from './progress-store.ts';
export type { VodAnswer } from './schemas.ts';
export * as playbackSchemas from './schemas.ts';
export {
  type PlaybackClient,
  TooManyStreams,
  watchChannel,
  watchEpisode,
  watchTitle,
} from './service.ts';
export { StreamLimit } from './stream-limit.ts';
export { forgetPositions, pendingPositions, sessionsEnded } from './streams.ts';
export { playbackTexts } from './texts.ts';
