/**
 * Business constants and limits of spec section 9. Calendar units and the default time zone are in
 * `ru.ts`; cookie names and lifetimes in `cookies.ts`.
 */

/** Defined beside the user-agent parser that applies it; re-exported so section 9 reads in one place. */
export { USER_AGENT_MAX_LENGTH } from './device.ts';

/** Layout breakpoints in px, ascending; the current one is the largest not above the viewport width. */
export const BREAKPOINTS = [320, 768, 1024, 1366, 1440, 1920] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** Timings in milliseconds. */
export const RESIZE_DEBOUNCE_MS = 250;
export const DEFAULT_DEBOUNCE_MS = 1_000;
/** Wait before a loader is shown, so answers faster than this never flash it. */
export const LOADER_DELAY_MS = 200;
export const COOKIE_POLL_INTERVAL_MS = 300;
/** Section 9's doubled-view threshold; the spec does not say more about how it is applied. */
export const DOUBLED_VIEW_THRESHOLD_MS = 10_000;

/** Playback progress, in percent, from which an item counts as watched to the end. */
export const COMPLETED_PROGRESS_PERCENT = 95;

export const MEDIA_PRODUCT_ID = 4;
export const STUDIO_ID = 2;
/** Slug of the HBO Max partner channel (partner paywalls, the isHBO purchase flow). */
export const PARTNER_SLUG = 'hbo-max';
/** Key of the current item when a caller names none. */
export const DEFAULT_CURRENT_KEY = 'current';
export const EVENT_MANAGER_API_VERSION = 8;
export const LIKES_PATH = '/likes/';
/** Tag-manager data layer name. */
export const DATA_LAYER_NAME = 'dataLayer';
/** Error reporting: trace sample rate and environment. */
export const ERROR_REPORTING = { tracesSampleRate: 0.01, environment: 'production' } as const;
