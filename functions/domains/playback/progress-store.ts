import { logger } from '../../lib/log.ts';
import { saveProgress } from './repo.ts';

/**
 * The account's positions as the player sends them, kept in its stream-limit object's SQLite
 * (docs/decisions.md, «Progress lives in the account's Durable Object»). D1 gets a position at
 * once when it is the first this object writes for the thing, when it first completes it, or when a
 * minute has passed since the thing's last write; otherwise it waits (pending) for the object's
 * alarm, a stop of a stream, or the next position after the minute. Readers merge the pending
 * positions over their D1 rows, so nothing a viewer sees is older than the last position sent.
 */

/** A thing a profile watches: a film (episode 0) or an episode of a series. */
export interface ProgressKey {
  profileId: number;
  titleId: number;
  episodeId: number;
}

/** A position as the player sent it, with the episode's place in its series (null: a film). */
export interface Position extends ProgressKey {
  season: number | null;
  number: number | null;
  position: number;
  duration: number;
  completed: boolean;
  updatedAt: number;
}

/** A pending position of a profile, as readers merge it over their D1 rows. */
export type PendingPosition = Omit<Position, 'profileId'>;

/** D1 is written at most this often per thing while it plays (docs/decisions.md, as above). */
export const FLUSH_SECONDS = 60;

/**
 * How long a written position is still laid over readers' rows: the life of the viewer's D1
 * bookmark (docs/decisions.md, «Every request reads in one D1 session»), after which a replica
 * has caught up.
 */
const REPLICA_SECONDS = 300;

/** Whether D1 refused a statement for its data (a constraint), not for being unavailable. */
const refused = (error: unknown) => /constraint/i.test(String(error));

interface Row extends Omit<Position, 'completed'> {
  completed: number;
  flushedAt: number | null;
  [column: string]: SqlStorageValue;
}

const COLUMNS = `profile_id AS profileId, title_id AS titleId, episode_id AS episodeId, season, number,
  position, duration, completed, updated_at AS updatedAt, flushed_at AS flushedAt`;

const toPosition = ({ flushedAt: _f, ...row }: Row): Position => ({
  ...row,
  completed: Boolean(row.completed),
});

export class ProgressStore {
  constructor(
    private readonly sql: SqlStorage,
    private readonly db: () => D1Database,
  ) {
    sql.exec(`CREATE TABLE IF NOT EXISTS progress (
      profile_id INTEGER NOT NULL,
      title_id INTEGER NOT NULL,
      episode_id INTEGER NOT NULL,
      season INTEGER,
      number INTEGER,
      position REAL NOT NULL,
      duration REAL NOT NULL,
      completed INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      flushed_at INTEGER,
      pending INTEGER NOT NULL,
      PRIMARY KEY (profile_id, title_id, episode_id)
    )`);
  }

  private rows(query: string, ...bindings: SqlStorageValue[]): Row[] {
    return this.sql.exec<Row>(`SELECT ${COLUMNS} FROM progress ${query}`, ...bindings).toArray();
  }

  /**
   * Keeps a position. An older one than the kept (a late beacon of another device) changes
   * nothing: the newest wins. Answers whether it went to D1 now.
   */
  async record(p: Position, now: number): Promise<boolean> {
    const [kept] = this.rows(
      'WHERE profile_id = ? AND title_id = ? AND episode_id = ?',
      p.profileId,
      p.titleId,
      p.episodeId,
    );
    if (kept && kept.updatedAt > p.updatedAt) return false;
    const flushedAt = kept?.flushedAt ?? null;
    this.sql.exec(
      `INSERT OR REPLACE INTO progress (profile_id, title_id, episode_id, season, number, position,
        duration, completed, updated_at, flushed_at, pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
      p.profileId,
      p.titleId,
      p.episodeId,
      p.season,
      p.number,
      p.position,
      p.duration,
      p.completed ? 1 : 0,
      p.updatedAt,
      flushedAt,
    );
    // Completion goes to D1 at once when it is new: the credits rolling on (a position every 10 s
    // past them) follow the minute like any other.
    const completes = p.completed && !kept?.completed;
    if (flushedAt === null || completes || now - flushedAt >= FLUSH_SECONDS) {
      // Marked written before the await: a position that comes while D1 answers (the object takes
      // calls meanwhile) waits for the minute instead of writing too.
      this.markFlushed(p, now);
      try {
        await this.write([p], now);
      } catch (error) {
        this.markFlushed(p, flushedAt);
        throw error;
      }
      return true;
    }
    return false;
  }

  private markFlushed(key: ProgressKey, at: number | null): void {
    this.sql.exec(
      'UPDATE progress SET flushed_at = ? WHERE profile_id = ? AND title_id = ? AND episode_id = ?',
      at,
      key.profileId,
      key.titleId,
      key.episodeId,
    );
  }

  /** Writes the pending positions to D1 (all of them, or those a minute past their last write). */
  async flush(now: number, { all }: { all: boolean }): Promise<void> {
    const due = this.rows(
      'WHERE pending = 1 AND (? OR flushed_at IS NULL OR flushed_at <= ?)',
      all ? 1 : 0,
      now - FLUSH_SECONDS,
    );
    if (due.length > 0) await this.write(due.map(toPosition), now);
  }

  /** When the next pending position is due in D1 (unix seconds), or null when none waits. */
  nextDue(): number | null {
    const [row] = this.sql
      .exec<{ due: number | null }>(
        `SELECT min(coalesce(flushed_at, 0)) + ${FLUSH_SECONDS} AS due FROM progress WHERE pending = 1`,
      )
      .toArray();
    return row?.due ?? null;
  }

  /**
   * The profile's positions not yet in D1, and those written there less than REPLICA_SECONDS ago
   * (a read replica may not have them yet, and the object's own writes hand no bookmark to the
   * viewer), newest first.
   */
  pending(profileId: number, now = Math.floor(Date.now() / 1000)): PendingPosition[] {
    return this.rows(
      'WHERE (pending = 1 OR flushed_at >= ?) AND profile_id = ? ORDER BY updated_at DESC',
      now - REPLICA_SECONDS,
      profileId,
    ).map((row) => {
      const { profileId: _p, ...rest } = toPosition(row);
      return rest;
    });
  }

  /** One thing's position not yet in D1, if there is one. */
  pendingOf(key: ProgressKey): PendingPosition | null {
    return (
      this.pending(key.profileId).find(
        (p) => p.titleId === key.titleId && p.episodeId === key.episodeId,
      ) ?? null
    );
  }

  /**
   * One D1 batch; the rows are marked written only when it succeeded and only if no newer position
   * came meanwhile (a failure leaves them pending, for the alarm to try again).
   */
  private async write(positions: Position[], now: number): Promise<void> {
    const d = this.db();
    const save = (p: Position) => saveProgress(d, { ...p, now: p.updatedAt });
    try {
      await d.batch(positions.map(save));
    } catch (error) {
      if (positions.length === 1 && !refused(error)) throw error;
      // One by one: a position D1 refuses (its profile or title deleted meanwhile) is dropped
      // rather than holding back the others for ever.
      let failed: unknown = null;
      for (const p of positions)
        await save(p)
          .run()
          .catch((e: unknown) => {
            if (!refused(e)) {
              failed = e;
              return;
            }
            logger.warn('playback.progress_refused', { error: String(e), titleId: p.titleId });
            this.drop(p.profileId, [p]);
          });
      if (failed) throw failed;
    }
    for (const p of positions)
      this.sql.exec(
        `UPDATE progress SET flushed_at = ?, pending = CASE WHEN updated_at = ? AND position = ?
          THEN 0 ELSE pending END WHERE profile_id = ? AND title_id = ? AND episode_id = ?`,
        now,
        p.updatedAt,
        p.position,
        p.profileId,
        p.titleId,
        p.episodeId,
      );
  }

  /**
   * Forgets the profile's positions of these things (all of them: null), pending or not: the
   * viewer deleted them from the history or took them off the shelf, and a pending one must not
   * bring the row back. The next position of one is a first again, written at once.
   */
  drop(profileId: number, things: { titleId: number; episodeId: number }[] | null): void {
    if (things === null) {
      this.sql.exec('DELETE FROM progress WHERE profile_id = ?', profileId);
      return;
    }
    for (const t of things)
      this.sql.exec(
        'DELETE FROM progress WHERE profile_id = ? AND title_id = ? AND episode_id = ?',
        profileId,
        t.titleId,
        t.episodeId,
      );
  }

  /** Forgets written positions not touched for a day (the object stays small). */
  forget(before: number): void {
    this.sql.exec('DELETE FROM progress WHERE pending = 0 AND updated_at < ?', before);
  }
}
