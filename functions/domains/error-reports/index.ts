/**
 * The local error-report receiver's store (development only): envelopes of the Sentry SDKs kept
 * in D1, listed newest first. README «Errors and logs».
 */
import { d1 } from '../../db/client.ts';
import { summariseEnvelope } from './envelope.ts';
import { insertErrorReport, recentErrorReports } from './repo.ts';

export type { EnvelopeSummary } from './envelope.ts';

/** The largest envelope kept; Sentry's own limit for an event is 1 MB, ours are a few KB. */
export const MAX_ENVELOPE_BYTES = 256 * 1024;

export interface ErrorReport {
  id: number;
  project: string;
  receivedAt: string;
  kind: string;
  eventId: string | null;
  level: string | null;
  title: string | null;
  environment: string | null;
  sdk: string | null;
  /** The envelope's items, each parsed where it is JSON. */
  items: unknown[];
}

/**
 * Keeps an envelope of an event; false when the text is not an envelope.
 * @example await storeEnvelope('1', '{"event_id":"e1"}\n{"type":"event"}\n{"message":"boom"}')
 */
export async function storeEnvelope(project: string, envelope: string): Promise<boolean> {
  const summary = summariseEnvelope(envelope);
  if (!summary) return false;
  // Errors and messages are what the receiver is for; traces (1 % of requests), sessions and
  // client reports are taken and dropped, so they never add D1 writes to a local run.
  if (summary.kind !== 'event') return true;
  await insertErrorReport(d1(), {
    project,
    receivedAt: Math.floor(Date.now() / 1000),
    summary,
    envelope,
  });
  return true;
}

/** Kept envelopes, newest first; `kind` filters by the first item's type. */
export async function listErrorReports(filter: {
  kind?: string;
  limit: number;
}): Promise<ErrorReport[]> {
  const rows = await recentErrorReports(d1(), filter);
  return rows.map((r) => ({
    id: r.id,
    project: r.project,
    receivedAt: new Date(r.received_at * 1000).toISOString(),
    kind: r.kind,
    eventId: r.event_id,
    level: r.level,
    title: r.title,
    environment: r.environment,
    sdk: r.sdk,
    items: r.envelope
      .split('\n')
      .slice(1)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return line;
        }
      }),
  }));
}
