/**
 * The browser's error reporter (docs/product.md, «When things go wrong»): the failures the product
 * wants to hear about go to Sentry. The SDK is not part of any page: it is fetched the first time
 * something is reported, and only when the page's app config names a DSN (SENTRY_DSN); without
 * one this module does nothing.
 */
import { appConfig } from './app-config.ts';

/** Short, non-personal facts about a failure: ids, statuses, reasons (scrubbed again before sending). */
export type FailureFields = Record<string, string | number | boolean | null | undefined>;

type Sdk = typeof import('./report-sdk.ts');

let sdk: Promise<Sdk> | undefined;

/**
 * Reports a named failure (`profile_creation`, `doubled_view`…), with an error when there is one.
 * Never throws and never waits: a reporter that failed must not break what the viewer is doing.
 * @example reportFailure('profile_creation', { status: 503, reason: 'internal_error' })
 */
export function reportFailure(failure: string, fields: FailureFields = {}, error?: unknown): void {
  // The server render of an island reports nothing (and the SDK stays out of the Worker's bundle).
  if (import.meta.env.SSR) return;
  const dsn = appConfig().errorDsn;
  if (!dsn) return;
  sdk ??= import('./report-sdk.ts');
  sdk.then((s) => s.send(dsn, failure, fields, error)).catch(() => {});
}
