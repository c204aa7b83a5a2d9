import { prepare, sql } from '../../db/sql.ts';
/** SQL of TV code pairings (table tv_codes of migration 0009), on the D1 binding. */

export function insertPairing(
  db: D1Database,
  p: { deviceCodeHash: string; userCodeHash: string; interval: number },
  now: number,
  seconds: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO tv_codes (device_code_hash, user_code_hash, poll_interval, created_at, expires_at) VALUES (${p.deviceCodeHash}, ${p.userCodeHash}, ${p.interval}, ${now}, ${now + seconds})`,
  );
}

export interface PairingRow {
  id: number;
  status: 'pending' | 'approved' | 'consumed';
  interval: number;
  lastPolledMs: number | null;
  expiresAt: number;
  accountId: number | null;
}

/**
 * One poll: the pairing as it was (to judge the pace), then the poll recorded; a poll faster than
 * the interval (less `toleranceMs`) adds 5 seconds to it (RFC 8628 3.5). One transaction.
 */
export function pollStatements(
  db: D1Database,
  deviceCodeHash: string,
  nowMs: number,
  toleranceMs: number,
): D1PreparedStatement[] {
  return [
    prepare(
      db,
      sql`SELECT id, status, poll_interval AS interval, last_polled_ms AS lastPolledMs, expires_at AS expiresAt, account_id AS accountId FROM tv_codes WHERE device_code_hash = ${deviceCodeHash}`,
    ),
    prepare(
      db,
      sql`UPDATE tv_codes SET last_polled_ms = ${nowMs},
           poll_interval = CASE WHEN status = 'pending' AND last_polled_ms IS NOT NULL AND ${nowMs} - last_polled_ms < poll_interval * 1000 - ${toleranceMs}
                           THEN poll_interval + 5 ELSE poll_interval END
         WHERE device_code_hash = ${deviceCodeHash}`,
    ),
  ];
}

/** A signed-in viewer confirms a pending, unexpired code (single use: only from pending). */
export function approvePairing(
  db: D1Database,
  userCodeHash: string,
  accountId: number,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE tv_codes SET status = 'approved', account_id = ${accountId}, approved_at = ${now} WHERE user_code_hash = ${userCodeHash} AND status = 'pending' AND expires_at > ${now} RETURNING id`,
  );
}

/** The device's poll takes an approved pairing for this request (the session insert is guarded on it). */
export function consumePairing(
  db: D1Database,
  id: number,
  nonce: string,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE tv_codes SET status = 'consumed', consumed_at = ${now}, consumed_by = ${nonce} WHERE id = ${id} AND status = 'approved' AND expires_at > ${now}`,
  );
}
