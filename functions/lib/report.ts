import { env, exports, waitUntil as requestWaitUntil } from 'cloudflare:workers';
import {
  type CloudflareOptions,
  captureException,
  captureMessage,
  getClient,
  Scope,
  setAsyncLocalStorageAsyncContextStrategy,
  wrapRequestHandler,
} from '@sentry/cloudflare';
import { REPORT_ENVIRONMENT, TRACES_SAMPLE_RATE } from '../shared/constants.ts';
import {
  type ScrubbableEvent,
  type ScrubbableSpan,
  type ScrubbableTrace,
  scrubEvent,
  scrubSpan,
  scrubTrace,
} from '../shared/redact.ts';
import { config } from './config.ts';
import { type LogFields, logger } from './log.ts';

/**
 * SENTRY_DSN (a var or `wrangler secret put SENTRY_DSN`); empty means error reporting is off and
 * no Sentry client is ever made.
 */
export function reportDsn(): string {
  return String((env as unknown as Record<string, unknown>).SENTRY_DSN ?? '').trim();
}

/** The DSN's origin when it is another site's: the browser's CSP must let reports go there. */
export function reportOrigin(): string | null {
  const dsn = reportDsn();
  if (!dsn) return null;
  try {
    const origin = new URL(dsn).origin;
    return origin === config().siteOrigin ? null : origin;
  } catch {
    return null;
  }
}

/**
 * How reports leave the Worker. A DSN on this site's own origin is the local receiver
 * (functions/http/dev-sentry.ts, dev routes only): the envelope goes to this Worker in-process, since
 * a Worker cannot count on reaching its own address (and under test there is none).
 */
const deliver: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  const local = config().devRoutes && new URL(request.url).origin === config().siteOrigin;
  if (!local) return fetch(request);
  const headers = new Headers(request.headers);
  // The receiver is behind the CSRF guard like every POST; the Worker is its own origin.
  headers.set('origin', new URL(request.url).origin);
  return exports.default.fetch(new Request(request, { headers }));
};

/**
 * The Sentry options of both server paths (the Worker wrapper and reports outside it): the spec's
 * sample rate and environment, no default personal data, every event scrubbed before it leaves.
 */
export function reportOptions(dsn = reportDsn()): CloudflareOptions {
  return {
    dsn,
    environment: REPORT_ENVIRONMENT,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    // The local receiver's own requests are not traced: a report about a report never ends.
    ignoreTransactions: [/\/dev\/api\/sentry\//],
    beforeSend: (event) => scrubEvent(event as ScrubbableEvent) as typeof event,
    // Sampled traces carry URLs, queries and headers of their own: no query leaves either.
    beforeSendTransaction: (event) => scrubTrace(event as ScrubbableTrace) as typeof event,
    beforeSendSpan: (span) => scrubSpan(span as ScrubbableSpan) as typeof span,
    // Console breadcrumbs repeat the logs, which go to the platform's log store, not to reports.
    beforeBreadcrumb: (crumb) => {
      if (crumb.category === 'console') return null;
      scrubEvent({ breadcrumbs: [crumb] });
      return crumb;
    },
    transportOptions: { fetch: deliver },
  };
}

/** Where a report outside the Worker wrapper waits to be sent: the request's `waitUntil`. */
type WaitUntil = (promise: Promise<unknown>) => void;

/** What a report carries beside the error: the request (scrubbed) and a few tags. */
export interface ReportContext {
  request?: Request;
  waitUntil?: WaitUntil;
  /** Short, non-personal labels: `failure: 'subscription_renewal'`, `reason: 'timeout'`. */
  tags?: Record<string, string>;
  extra?: LogFields;
}

/**
 * Inside the Worker wrapper (functions/worker.ts) the request's client exists already; elsewhere
 * (the test entry, a job's promise that outlived its request) the SDK's own request wrapper makes a
 * client for this one report and flushes it through `waitUntil`.
 */
function send(capture: (scope: Scope) => void, context: ReportContext): void {
  const dsn = reportDsn();
  if (!dsn) return;
  const scope = new Scope();
  scope.setLevel('error');
  if (context.tags) scope.setTags(context.tags);
  if (context.extra) scope.setExtras(context.extra);
  if (getClient()?.getDsn()) {
    if (context.request)
      scope.setSDKProcessingMetadata({ normalizedRequest: normalised(context.request) });
    capture(scope);
    return;
  }
  if (!contextStrategySet) {
    // Each report's scope stays its own when requests interleave (as the Worker wrapper does).
    setAsyncLocalStorageAsyncContextStrategy();
    contextStrategySet = true;
  }
  const request = context.request ?? new Request(config().siteOrigin);
  const waitUntil: WaitUntil = context.waitUntil ?? requestWaitUntil;
  void wrapRequestHandler(
    {
      options: reportOptions(dsn),
      // Headers and URL only: the body was read by the handler, and a report never carries it.
      request: new Request(request.url, { method: request.method, headers: request.headers }),
      context: { waitUntil, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
      captureErrors: false,
    },
    async () => {
      capture(scope);
      return new Response(null, { status: 204 });
    },
  );
}

let contextStrategySet = false;

/** The request as the SDK describes it to a report (scrubbed by `beforeSend`). */
function normalised(r: Request) {
  return { url: r.url, method: r.method, headers: Object.fromEntries(r.headers) };
}

/**
 * Reports an unexpected error (an unhandled exception, a 5xx) with the request it broke.
 * @example reportError(err, { request: c.req.raw, waitUntil: (p) => c.executionCtx.waitUntil(p) })
 */
export function reportError(error: unknown, context: ReportContext = {}): void {
  send((scope) => captureException(error, scope), context);
}

/**
 * Reports a failure the product wants to know about (docs/product.md, «When things go wrong»), and
 * logs it: `failure` names it, `fields` say why without personal data.
 * @example reportFailure('subscription_renewal', { reason: 'provider_timeout' })
 */
export function reportFailure(
  failure: string,
  fields: LogFields = {},
  context: Omit<ReportContext, 'tags' | 'extra'> = {},
): void {
  logger.error(`failure.${failure}`, fields);
  const tags = { failure };
  send((scope) => captureMessage(`failure: ${failure}`, scope), {
    ...context,
    tags,
    extra: fields,
  });
}
