/**
 * The browser's error reporter (docs/product.md, «When things go wrong»): the failures the product
 * wants to hear about go to Sentry, and so do the errors a page did not catch. The SDK is not part
 * of any page: it is fetched the first time something is reported, and only when the page's app
 * config names a DSN (SENTRY_DSN); without one this module does nothing.
 */
/** Short, non-personal facts about a failure: ids, statuses, reasons (scrubbed again before sending). */
export type FailureFields = Record<string, string | number | boolean | null | undefined>;

type Sdk = typeof import('./report-sdk.ts');

let sdk: Promise<Sdk> | undefined;

/**
 * The DSN of the page's app config (`#app-config`, parsed whole by src/lib/app-config.ts). Read
 * here on its own: this module ships with every page, and the full parser would triple its size.
 */
function errorDsn(): string {
  try {
    const dsn = JSON.parse(document.getElementById('app-config')?.textContent ?? '').errorDsn;
    return typeof dsn === 'string' ? dsn : '';
  } catch {
    return '';
  }
}

function sendLater(...args: Parameters<Sdk['send']>) {
  sdk ??= import('./report-sdk.ts');
  sdk.then((s) => s.send(...args)).catch(() => {});
}

/**
 * Reports a named failure (`profile_creation`, `doubled_view`…), with an error when there is one.
 * Never throws and never waits: a reporter that failed must not break what the viewer is doing.
 * @example reportFailure('profile_creation', { status: 503, reason: 'internal_error' })
 */
export function reportFailure(failure: string, fields: FailureFields = {}, error?: unknown): void {
  // The server render of an island reports nothing (and the SDK stays out of the Worker's bundle).
  if (import.meta.env.SSR) return;
  const dsn = errorDsn();
  if (dsn) sendLater(dsn, failure, fields, error);
}

/** Uncaught errors one page load reports at most: a loop that throws is one bug, not a flood. */
const MAX_UNCAUGHT = 5;

/**
 * Reports the errors a page did not catch and the promise rejections nobody handled, each with its
 * stack, at most MAX_UNCAUGHT per page load. An error of another origin's script reaches the page
 * as «Script error.» with no Error and no stack: there is nothing to act on, so it is not sent, nor
 * is what a browser extension's script throws in our page (its stack names `…-extension://`).
 * @example reportUncaught() // once per page, from the layout
 */
export function reportUncaught(): void {
  const dsn = errorDsn();
  if (!dsn) return;
  let left = MAX_UNCAUGHT;
  const report = (failure: string, error: unknown) => {
    if (error instanceof Error && error.stack && !/-extension:\/\//.test(error.stack) && left-- > 0)
      sendLater(dsn, failure, {}, error, true);
  };
  addEventListener('error', (e: ErrorEvent) => report('uncaught_error', e.error));
  addEventListener('unhandledrejection', (e: PromiseRejectionEvent) =>
    report('unhandled_rejection', e.reason),
  );
}
