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
  return db
    .prepare(
      `INSERT INTO error_reports (project, received_at, kind, event_id, level, title, environment, sdk, envelope)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      r.project,
      r.receivedAt,
      r.summary.kind,
      r.summary.eventId,
      r.summary.level,
      r.summary.title,
      r.summary.environment,
      r.summary.sdk,
      r.envelope,
    )
    .run();
}

export async function recentErrorReports(
  db: D1Database,
  filter: { kind?: string; limit: number },
): Promise<ErrorReportRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM error_reports WHERE (?1 IS NULL OR kind = ?1)
       ORDER BY received_at DESC, id DESC LIMIT ?2`,
    )
    .bind(filter.kind ?? null, filter.limit)
    .all<ErrorReportRow>();
  return results;
}
