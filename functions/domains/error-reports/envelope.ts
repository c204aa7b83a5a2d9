/**
 * Sentry's envelope format (develop.sentry.dev/sdk/envelopes): a JSON header line, then items,
 * each a JSON header line and a payload line (or `length` bytes). Only what the receiver lists is
 * read; the envelope itself is kept whole.
 */

export interface EnvelopeSummary {
  eventId: string | null;
  kind: string;
  level: string | null;
  title: string | null;
  environment: string | null;
  sdk: string | null;
}

interface SentryEventPayload {
  level?: string;
  message?: string | { formatted?: string; message?: string };
  exception?: { values?: { type?: string; value?: string }[] };
  environment?: string;
  transaction?: string;
  sdk?: { name?: string };
}

const json = (line: string | undefined): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(line ?? '');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * What a list shows of an envelope; null when it is not one (no JSON header line).
 * @example summariseEnvelope('{"event_id":"e1"}\n{"type":"event"}\n{"message":"boom"}').title // 'boom'
 */
export function summariseEnvelope(text: string): EnvelopeSummary | null {
  const lines = text.split('\n');
  const header = json(lines[0]);
  if (!header) return null;
  const itemHeader = json(lines[1]);
  const kind = typeof itemHeader?.type === 'string' ? itemHeader.type : 'unknown';
  const payload = (json(lines[2]) ?? {}) as SentryEventPayload;
  const exception = payload.exception?.values?.at(-1);
  const message =
    typeof payload.message === 'string'
      ? payload.message
      : (payload.message?.formatted ?? payload.message?.message);
  const title = exception
    ? `${exception.type ?? 'Error'}: ${exception.value ?? ''}`
    : (message ?? payload.transaction ?? null);
  const sdk = (header.sdk as { name?: string } | undefined)?.name ?? payload.sdk?.name ?? null;
  return {
    eventId: typeof header.event_id === 'string' ? header.event_id : null,
    kind,
    level: payload.level ?? null,
    title,
    environment: payload.environment ?? null,
    sdk,
  };
}
