/** Business constants of spec section 9 (time constants live in ru.ts). */
export { USER_AGENT_MAX_LENGTH } from './device.ts';
export { ONE_YEAR_SECONDS as AUTH_COOKIE_MAX_AGE } from './cookies.ts';

/** Completed-progress threshold: an episode watched to 95 % counts as watched. */
export const COMPLETED_PROGRESS_PERCENT = 95;
export const MEDIA_PRODUCT_ID = 4;
export const STUDIO_ID = 2;
export const HBO_PARTNER_SLUG = 'hbo-max';
/** Default current-item key. */
export const DEFAULT_CURRENT_KEY = 'current';
export const EVENT_MANAGER_API_VERSION = 8;
export const LIKES_PATH = '/likes/';
/** Tag-manager data layer name. */
export const DATA_LAYER_NAME = 'dataLayer';
/** Error reporting: trace sample rate and environment. */
export const ERROR_REPORTING = { tracesSampleRate: 0.01, environment: 'production' } as const;
/** Breakpoints in px, largest first (section 9). */
export const BREAKPOINTS = [1920, 1440, 1366, 1024, 768, 320] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** Delays in milliseconds (section 9). */
export const DELAY_MS = {
  reloadAfter401: 100,
  resizeDebounce: 250,
  defaultDebounce: 1000,
  loader: 200,
  cookiePolling: 300,
  doubledViewThreshold: 10_000,
} as const;
