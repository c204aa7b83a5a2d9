import type { ParentalStatus } from '../../db/parental-schema.ts';
import type { Query } from '../../db/run.ts';
import { firstRow, sql } from '../../db/sql.ts';
import type { ParentalSnapshot } from '../../shared/app-config.ts';

export type { ParentalSnapshot };

interface SnapshotRow {
  status: ParentalStatus | null;
  ageLimit: number | null;
  pinUntil: number | null;
}

/**
 * The account's status, age setting and this session's entry, as a statement a page can batch
 * with its layout's (one round trip). Only for a live session: a revoked or expired one finds no
 * row, and the client asks the API, which answers it 401 (docs/product.md, «How things change»).
 */
export function parentalSnapshotQuery(
  d: D1Database,
  accountId: number,
  sessionId: string,
  now: number,
): Query<SnapshotRow | undefined> {
  return firstRow<SnapshotRow>(
    d,
    sql`SELECT c.status AS "status", c.age_limit AS "ageLimit", p.pin_until AS "pinUntil"
        FROM sessions s
        LEFT JOIN parental_controls c ON c.account_id = s.account_id
        LEFT JOIN parental_sessions p ON p.session_id = s.id AND p.account_id = s.account_id
        WHERE s.id = ${sessionId} AND s.account_id = ${accountId}
          AND s.revoked_at IS NULL AND s.expires_at > ${now}
        LIMIT 1`,
  );
}

/** The snapshot of a live session's row (no control yet: Undefined, 18+); null without a row. */
export function toParentalSnapshot(
  row: SnapshotRow | undefined,
  now: number,
): ParentalSnapshot | null {
  if (!row) return null;
  return {
    status: row.status ?? 'Undefined',
    ageLimit: row.ageLimit ?? 18,
    pinEntered: (row.pinUntil ?? 0) > now,
  };
}
