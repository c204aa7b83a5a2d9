/** The numbers of watching (docs/product.md, «Numbers»), each in one place. */

/** Streams an account may play at once, on different devices. */
export const MAX_STREAMS = 2;
/** The player says it is still playing this often… */
export const HEARTBEAT_SECONDS = 30;
/** …and a stream whose device has been silent this long is over (three missed heartbeats). */
export const STREAM_TTL_SECONDS = 90;
/** A signed media URL lives at most an hour; the player asks the watch call again after that. */
export const MEDIA_TOKEN_SECONDS = 3600;
/** A rental runs this long from its first play. */
export const RENTAL_SECONDS = 48 * 3600;
/** How far back a live channel can be rewound. */
export const DVR_SECONDS = 600;
/** A title counts as watched at this share of its duration (or once past the credits). */
export const COMPLETE_SHARE = 0.95;
