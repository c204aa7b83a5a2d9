/**
 * The sessions an account's stream-limit object has seen: the device and expiry a watch call
 * read for each in D1 when it claimed a slot, and which were revoked since (docs/decisions.md,
 * «Progress lives in the account's Durable Object»). Heartbeats ask here instead of D1.
 */

/** The session a watch call checked in D1: its id and when it ends. */
export interface ClaimSession {
  id: string;
  expiresAt: number;
}

/** Where a heartbeat's session stands: its device, ended (revoked or expired), or never seen. */
export type SessionStanding = { device: string } | 'ended' | 'unknown';

interface SessionRow {
  device: string;
  expiresAt: number;
  revokedAt: number | null;
  [column: string]: SqlStorageValue;
}

export class SessionStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY,
      device TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      revoked_at INTEGER
    )`);
  }

  /** Keeps a live session's device and expiry (a revoked one stays revoked). */
  learn(session: ClaimSession, device: string): void {
    this.sql.exec(
      `INSERT INTO sessions (id, device, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET device = excluded.device, expires_at = excluded.expires_at`,
      session.id,
      device,
      session.expiresAt,
    );
  }

  standing(id: string, now: number): SessionStanding {
    const [row] = this.sql
      .exec<SessionRow>(
        'SELECT device, expires_at AS expiresAt, revoked_at AS revokedAt FROM sessions WHERE id = ?',
        id,
      )
      .toArray();
    if (!row) return 'unknown';
    return row.revokedAt !== null || row.expiresAt <= now ? 'ended' : { device: row.device };
  }

  /** Marks a session revoked, remembered until `until` even if this object never saw it. */
  revoke(id: string, now: number, until: number): void {
    this.sql.exec(
      `INSERT INTO sessions (id, device, expires_at, revoked_at) VALUES (?, '', ?, ?)
       ON CONFLICT (id) DO UPDATE SET revoked_at = excluded.revoked_at`,
      id,
      until,
      now,
    );
  }

  /** Forgets sessions past their end, and revocations older than `revokedBefore`. */
  forget(now: number, revokedBefore: number): void {
    this.sql.exec(
      'DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?',
      now,
      revokedBefore,
    );
  }
}
