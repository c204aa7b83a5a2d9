import { prepare, sql } from '../../db/sql.ts';
import type { EnvelopeSummary } from './envelope.ts';

export interface ErrorReportRow {
  id: number;
  project: string;
  received_at: number;
  kind: string;
  event_id: string | null;
  level: string | null;
  title: string | null;
  environment: string | null;
  sdk: string | null;
  envelope: string;
}

export function insertErrorReport(
  db: D1Database,
  r: { project: string; receivedAt: number; summary: EnvelopeSummary; envelope: string },
) {
  return prepare(
    db,
    sql`INSERT INTO error_reports (project, received_at, kind, event_id, level, title, environment, sdk, envelope)
       VALUES (${r.project}, ${r.receivedAt}, ${r.summary.kind}, ${r.summary.eventId}, ${r.summary.level}, ${r.summary.title}, ${r.summary.environment}, ${r.summary.sdk}, ${r.envelope})`,
  ).run();
}

export async function recentErrorReports(
  db: D1Database,
  filter: { kind?: string; limit: number },
): Promise<ErrorReportRow[]> {
  const kind = filter.kind ?? null;
  const { results } = await prepare(
    db,
    sql`SELECT * FROM error_reports WHERE (${kind} IS NULL OR kind = ${kind})
       ORDER BY received_at DESC, id DESC LIMIT ${filter.limit}`,
  ).all<ErrorReportRow>();
  return results;
}
