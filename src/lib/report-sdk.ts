/**
 * The Sentry browser SDK (through @sentry/astro's client API), loaded by src/lib/report.ts on the
 * first report only. Its options are the server's: the spec's sample rate and environment, no
 * default personal data, every event scrubbed by the shared rules before it leaves.
 */
import { captureException, captureMessage, init, withScope } from '@sentry/astro';
import { REPORT_ENVIRONMENT, TRACES_SAMPLE_RATE } from '../../functions/shared/constants.ts';
import {
  type ScrubbableEvent,
  type ScrubbableSpan,
  type ScrubbableTrace,
  scrubEvent,
  scrubSpan,
  scrubTrace,
} from '../../functions/shared/redact.ts';
import type { FailureFields } from './report.ts';

let started = '';

/**
 * The SDK's own catchers of uncaught errors (window.onerror, unhandledrejection, wrapped timers and
 * listeners) stay off: src/lib/report.ts listens from page load, before this module exists, and
 * would otherwise hear every error a second time once it has loaded.
 */
const OWN_CATCHERS = new Set(['GlobalHandlers', 'BrowserApiErrors']);

function start(dsn: string) {
  if (started === dsn) return;
  started = dsn;
  init({
    dsn,
    environment: REPORT_ENVIRONMENT,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    integrations: (defaults) => defaults.filter((i) => !OWN_CATCHERS.has(i.name)),
    beforeSend: (event) => scrubEvent(event as ScrubbableEvent) as typeof event,
    beforeSendTransaction: (event) => scrubTrace(event as ScrubbableTrace) as typeof event,
    beforeSendSpan: (span) => scrubSpan(span as ScrubbableSpan) as typeof span,
    beforeBreadcrumb: (crumb) => {
      scrubEvent({ breadcrumbs: [crumb] });
      return crumb;
    },
  });
}

/**
 * Sends one failure: an exception when there is an error, else a message naming the failure.
 * `uncaught`: nothing in the page handled the error (Sentry marks it unhandled).
 */
export function send(
  dsn: string,
  failure: string,
  fields: FailureFields,
  error?: unknown,
  uncaught = false,
): void {
  start(dsn);
  withScope((scope) => {
    scope.setLevel('error');
    scope.setTag('failure', failure);
    scope.setExtras(fields);
    if (error instanceof Error)
      captureException(error, uncaught ? { mechanism: { type: 'generic', handled: false } } : {});
    else captureMessage(`failure: ${failure}`);
  });
}
