/**
 * Removes personal data and secrets from what leaves the process: log lines (functions/lib/log.ts)
 * and error reports (server and browser). Pure and island-safe, so the browser's reporter scrubs
 * with the same rules as the server.
 */

/** Field names whose values are never written, whatever they hold. */
const SECRET_KEY =
  /pass(word|wd)?|secret|token|authori[sz]ation|cookie|api[-_]?key|^key$|jwt|session|^pin$|^code$|cvc|cvv|card|^pan$|e-?mail|phone|^to$|^ip$|ip_address/i;

export const REDACTED = '[redacted]';

const PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // A value after a secret's name in a query, a header dump or a message: `token=…`, `Cookie: …`.
  [
    /\b(authorization|cookie|set-cookie|token|access_token|refresh_token|password|secret|api_?key|sentry_key|code|pin)(["']?\s*[:=]\s*)("[^"]*"|[^\s&;,"]+)/gi,
    `$1$2${REDACTED}`,
  ],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  // JWTs and other long opaque strings (session tokens, keys). UUIDs pass: they are the ids of
  // orders, views and devices that a report must be followed up by, not secrets.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [
    /(?<![\w-])(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-]))[A-Za-z0-9_-]{32,}/gi,
    '[token]',
  ],
  // Card numbers (13–19 digits, maybe grouped) before phones, which are shorter runs.
  [/(?<![\w+])\d(?:[ -]?\d){12,18}(?!\w)/g, '[card]'],
  [/(?<!\w)\+?\d(?:[\s()-]{0,2}\d){9,12}(?!\w)/g, '[phone]'],
];

/**
 * A text with e-mails, phones, card numbers, tokens and `secret=value` pairs replaced.
 * @example redactText('code for a@b.ru: 123456') // 'code for [email]: 123456'
 */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Whether a field of this name holds a secret or personal data and is dropped whole. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * A copy of a value fit for a log or a report: secret-named fields replaced, strings scrubbed,
 * errors as `{ name, message, stack }`, depth and length bounded so a log line stays a line.
 * @example redact({ email: 'a@b.ru', reason: 'misconfigured' }) // { email: '[redacted]', reason: 'misconfigured' }
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return redactText(value.length > 2000 ? `${value.slice(0, 2000)}…` : value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 5) return '[…]';
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redactText(value.message),
      stack: value.stack ? redactText(value.stack.split('\n').slice(0, 8).join('\n')) : undefined,
    };
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      isSecretKey(key) && v !== null && v !== undefined && v !== ''
        ? REDACTED
        : redact(v, depth + 1);
  }
  return out;
}

/** The parts of an error report (a Sentry event) that can carry personal data, as far as we use them. */
export interface ScrubbableEvent {
  message?: string;
  request?: {
    url?: string;
    query_string?: unknown;
    cookies?: unknown;
    headers?: Record<string, string>;
    data?: unknown;
    env?: unknown;
  };
  user?: Record<string, unknown>;
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: { message?: string; data?: Record<string, unknown> }[];
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  tags?: Record<string, unknown>;
}

/** Headers a report keeps: nothing that identifies a person or a session. */
const KEPT_HEADERS = new Set([
  'accept',
  'accept-language',
  'content-type',
  'referer',
  'user-agent',
]);

/**
 * An error report without cookies, Authorization, request bodies, IP, e-mail or phone: the
 * `beforeSend` of both Sentry clients. Only the account id (a number) identifies the viewer.
 */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  if (event.message) event.message = redactText(event.message);
  const request = event.request;
  if (request) {
    delete request.cookies;
    delete request.data;
    delete request.env;
    if (request.url) request.url = scrubUrl(request.url);
    if (typeof request.query_string === 'string')
      request.query_string = redactText(request.query_string);
    else delete request.query_string;
    if (request.headers) {
      request.headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()))
          .map(([name, v]) => [name, name.toLowerCase() === 'referer' ? scrubUrl(v) : v]),
      );
    }
  }
  if (event.user) event.user = typeof event.user.id === 'undefined' ? {} : { id: event.user.id };
  for (const v of event.exception?.values ?? []) if (v.value) v.value = redactText(v.value);
  for (const b of event.breadcrumbs ?? []) {
    if (b.message) b.message = redactText(b.message);
    if (b.data) b.data = redact(b.data) as Record<string, unknown>;
  }
  if (event.extra) event.extra = redact(event.extra) as Record<string, unknown>;
  if (event.contexts) event.contexts = redact(event.contexts) as Record<string, unknown>;
  if (event.tags) event.tags = redact(event.tags) as Record<string, unknown>;
  return event;
}

/** A span as both Sentry clients describe it: what a trace says about one step. */
export interface ScrubbableSpan {
  description?: string;
  data?: Record<string, unknown>;
}

/** A performance trace: the event's fields plus its name and spans. */
export interface ScrubbableTrace extends ScrubbableEvent {
  transaction?: string;
  spans?: ScrubbableSpan[];
}

/** Span attributes that can carry a query, a header or a cookie: a trace never keeps them. */
const DROPPED_SPAN_DATA =
  /^(http\.request\.header\.|http\.response\.header\.)|query|cookie|fragment/i;
const withoutQuery = (text: string) => text.replace(/\?\S*/g, '');

/**
 * A span without queries, headers or cookies: timing and the path are what a trace is for, and a
 * query may hold an e-mail, a code or a token that `redactText` cannot recognise.
 */
export function scrubSpan<S extends ScrubbableSpan>(span: S): S {
  if (span.description) span.description = withoutQuery(redactText(span.description));
  if (span.data)
    for (const [key, value] of Object.entries(span.data)) {
      if (DROPPED_SPAN_DATA.test(key)) delete span.data[key];
      else if (typeof value === 'string') span.data[key] = withoutQuery(redactText(value));
    }
  return span;
}

/**
 * A trace (a sampled transaction) scrubbed like an error report, and further: no query anywhere,
 * in its name, its request or any span. The `beforeSendTransaction` of both Sentry clients.
 */
export function scrubTrace<E extends ScrubbableTrace>(event: E): E {
  scrubEvent(event);
  if (event.transaction) event.transaction = withoutQuery(redactText(event.transaction));
  if (event.request) {
    delete event.request.query_string;
    if (event.request.url) event.request.url = withoutQuery(event.request.url);
    if (event.request.headers?.referer)
      event.request.headers.referer = withoutQuery(event.request.headers.referer);
  }
  const trace = event.contexts?.trace as ScrubbableSpan | undefined;
  if (trace) scrubSpan(trace);
  for (const span of event.spans ?? []) scrubSpan(span);
  return event;
}

/** A URL with its query values scrubbed (a token or an e-mail in a query stays out). */
function scrubUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const [key, value] of [...u.searchParams]) {
      u.searchParams.set(key, isSecretKey(key) ? REDACTED : redactText(value));
    }
    return redactText(u.pathname) === u.pathname
      ? u.href
      : `${u.origin}${redactText(u.pathname)}${u.search}`;
  } catch {
    return redactText(url);
  }
}
