/**
 * The sample media in R2 as both sides know them: what `npm start` writes while it still makes
 * the clips (scripts/start.mjs) and what the Worker reads (functions/domains/playback/clips.ts).
 */

/**
 * Beside `vod/` (never served): `{ "progress": "<ISO time>" }`, rewritten as each clip is ready
 * and deleted once every clip and picture is in place.
 */
export const MEDIA_PENDING_KEY = 'media-pending.json';
