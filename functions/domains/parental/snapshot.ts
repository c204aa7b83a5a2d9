import type { ParentalSnapshot } from '../../shared/app-config.ts';
import type { SnapshotRow } from './repo.ts';

export type { ParentalSnapshot };

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
