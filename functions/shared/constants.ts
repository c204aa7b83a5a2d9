/**
 * Business constants and limits of docs/product.md, «Numbers» that the code applies. Calendar units and the
 * default time zone are in `ru.ts`; cookie names and lifetimes in `cookies.ts`; the user-agent
 * limit in `device.ts`. A value of docs/product.md, «Numbers» joins this file with the code that uses it.
 */

/**
 * How many profiles an account may hold (docs/product.md, «What we keep»): the repository's
 * guarded insert and the profiles page's «add» both stop there.
 */
export const MAX_PROFILES = 5;

/** Timings in milliseconds. */
export const DEFAULT_DEBOUNCE_MS = 1_000;
/** Wait before a loader is shown, so answers faster than this never flash it. */
export const LOADER_DELAY_MS = 200;
export const COOKIE_POLL_INTERVAL_MS = 300;

/**
 * Most titles one `DELETE /favourites/batch/` removes: the ids travel as one bound JSON list, so
 * this is our limit, not D1's 100 bound parameters. The list sends a larger selection in parts.
 */
export const FAVOURITES_BATCH_LIMIT = 500;

/**
 * docs/product.md, «Numbers»: the error reporter's trace sample rate and environment, the same for
 * the Worker's Sentry client (functions/lib/report.ts) and the browser's (src/lib/report-sdk.ts).
 */
export const TRACES_SAMPLE_RATE = 0.01;
export const REPORT_ENVIRONMENT = 'production';
