import { DurableObject } from 'cloudflare:workers';
import { d1 } from '../../db/client.ts';
import { logger } from '../../lib/log.ts';
import { MAX_STREAMS, STREAM_TTL_SECONDS } from './limits.ts';
import {
  FLUSH_SECONDS,
  type PendingPosition,
  type Position,
  type ProgressKey,
  ProgressStore,
} from './progress-store.ts';
import { type ClaimSession, SessionStore } from './stream-sessions.ts';

export type { ClaimSession } from './stream-sessions.ts';

/**
 * The concurrent-stream limit of one account (docs/product.md, «Numbers»): a Durable Object per
 * account, so every claim of a slot is decided in one place, in order. A stream is a device (the
 * device id of the signed-in session): the same browser starting another video keeps its slot. A stream lives
 * while its heartbeats come; STREAM_TTL_SECONDS of silence ends it (checked lazily on each call,
 * so an idle account costs nothing). A stream stopped from another device is remembered, so its
 * next heartbeat learns why it ended.
 *
 * A heartbeat reads no D1 (docs/decisions.md, «Progress lives in the account's Durable Object»):
 * the watch call that claims a slot checked the session in D1 and records it here with its device
 * and expiry; every revocation of a session is told here, which stops its streams and remembers
 * it, so its heartbeats answer session_ended as a D1 read would. The object also keeps the
 * account's positions (progress-store.ts) and writes them to D1 at most once a minute per thing.
 */

export interface StreamDevice {
  /** The device key: the device id of the session that plays. */
  device: string;
  deviceName: string;
  deviceType: string;
}

export interface Stream extends StreamDevice {
  id: string;
  title: string;
  startedAt: number;
  lastSeenAt: number;
}

export type Claim =
  | { ok: true; stream: Stream; resume: PendingPosition | null }
  | { ok: false; streams: Stream[] };
export type Beat =
  | { ok: true }
  | { ok: false; reason: 'stopped' | 'session_ended' | 'unknown_session' }
  | { ok: false; reason: 'too_many'; streams: Stream[] };

/**
 * Where stream `id` stands: playing; lapsed (no heartbeat for a while) with a slot free to come
 * back to; or over: stopped from another device, replaced by a newer stream of its device, unknown
 * (or forgotten), or lapsed while others took every slot.
 */
type Standing =
  | { state: 'playing' | 'lapsed'; row: Row }
  | { state: 'stopped' }
  | { state: 'too_many'; streams: Stream[] };

// Rows of ended streams are kept a day, so a late heartbeat still learns it was stopped.
const FORGET_SECONDS = 86_400;

interface Row extends Stream {
  stoppedAt: number | null;
  [column: string]: SqlStorageValue;
}

const COLUMNS = `id, device, device_name AS deviceName, device_type AS deviceType, title,
  started_at AS startedAt, last_seen_at AS lastSeenAt, stopped_at AS stoppedAt`;

export class StreamLimit extends DurableObject {
  private readonly sql: SqlStorage;
  private readonly progress: ProgressStore;
  private readonly sessions: SessionStore;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS streams (
      id TEXT PRIMARY KEY,
      device TEXT NOT NULL,
      device_name TEXT NOT NULL,
      device_type TEXT NOT NULL,
      title TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL,
      stopped_at INTEGER
    )`);
    // Objects made before streams knew their session get the column (null: claimed before).
    const columns = this.sql.exec<{ name: string }>('PRAGMA table_info(streams)').toArray();
    if (!columns.some((c) => c.name === 'session_id'))
      this.sql.exec('ALTER TABLE streams ADD COLUMN session_id TEXT');
    this.sessions = new SessionStore(this.sql);
    this.progress = new ProgressStore(this.sql, d1);
  }

  private rows(query: string, ...bindings: SqlStorageValue[]): Row[] {
    return this.sql.exec<Row>(`SELECT ${COLUMNS} FROM streams ${query}`, ...bindings).toArray();
  }

  /** The account's streams playing at `now`, oldest first. */
  active(now: number): Stream[] {
    this.sql.exec('DELETE FROM streams WHERE last_seen_at < ?', now - FORGET_SECONDS);
    this.sessions.forget(now, now - FORGET_SECONDS);
    this.progress.forget(now - FORGET_SECONDS);
    return this.rows(
      'WHERE stopped_at IS NULL AND last_seen_at >= ? ORDER BY started_at, id',
      now - STREAM_TTL_SECONDS,
    ).map(({ stoppedAt: _stopped, ...stream }) => stream);
  }

  /**
   * A slot for `device` to play `title`: its own stream again (same id, any title), a new one
   * while fewer than MAX_STREAMS other devices play, or the refusal with those that do. The
   * session (checked live in D1 by the caller) is kept for the heartbeats; `resume` asks for the
   * thing's position not yet in D1.
   */
  claim(
    device: StreamDevice,
    session: ClaimSession | null,
    title: string,
    now: number,
    resume?: ProgressKey,
  ): Claim {
    const playing = this.active(now);
    if (session) this.sessions.learn(session, device.device);
    const pending = resume ? this.progress.pendingOf(resume) : null;
    const own = playing.find((s) => s.device === device.device);
    if (own) {
      this.sql.exec(
        'UPDATE streams SET title = ?, last_seen_at = ?, device_name = ?, device_type = ?, session_id = ? WHERE id = ?',
        title,
        now,
        device.deviceName,
        device.deviceType,
        session?.id ?? null,
        own.id,
      );
      return { ok: true, stream: { ...own, ...device, title, lastSeenAt: now }, resume: pending };
    }
    if (playing.length >= MAX_STREAMS) return { ok: false, streams: playing };
    const stream: Stream = {
      id: crypto.randomUUID(),
      ...device,
      title,
      startedAt: now,
      lastSeenAt: now,
    };
    this.sql.exec(
      'INSERT INTO streams (id, device, device_name, device_type, title, started_at, last_seen_at, session_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      stream.id,
      stream.device,
      stream.deviceName,
      stream.deviceType,
      stream.title,
      stream.startedAt,
      stream.lastSeenAt,
      session?.id ?? null,
    );
    return { ok: true, stream, resume: pending };
  }

  private standing(id: string, now: number): Standing {
    const [row] = this.rows('WHERE id = ?', id);
    if (!row || row.stoppedAt !== null) return { state: 'stopped' };
    const playing = this.active(now);
    if (playing.some((s) => s.id === id)) return { state: 'playing', row };
    if (playing.some((s) => s.device === row.device)) return { state: 'stopped' };
    const others = playing.filter((s) => s.device !== row.device);
    if (others.length >= MAX_STREAMS) return { state: 'too_many', streams: others };
    return { state: 'lapsed', row };
  }

  /**
   * A heartbeat of stream `id` from the device of session `sessionId`: keeps it playing (a lapsed
   * stream comes back while there is a slot). 'session_ended' when the session was revoked or
   * has expired; 'unknown_session' when this object never saw it (the caller checks it in D1 and
   * comes back with `learned`). Never starts a stream: an unknown id, or another device's stream,
   * is 'stopped' for the caller; so is one stopped or replaced; 'too_many' when it lapsed and
   * MAX_STREAMS others play now.
   */
  heartbeat(
    id: string,
    sessionId: string,
    now: number,
    learned?: { device: string; expiresAt: number },
  ): Beat {
    if (learned)
      this.sessions.learn({ id: sessionId, expiresAt: learned.expiresAt }, learned.device);
    const session = this.sessions.standing(sessionId, now);
    if (session === 'unknown') return { ok: false, reason: 'unknown_session' };
    if (session === 'ended') return { ok: false, reason: 'session_ended' };
    const device = session.device;
    const standing = this.standing(id, now);
    if (standing.state === 'too_many')
      return { ok: false, reason: 'too_many', streams: standing.streams };
    if (standing.state === 'stopped' || standing.row.device !== device)
      return { ok: false, reason: 'stopped' };
    // The stream follows the session that keeps it (a browser that signed in again).
    this.sql.exec(
      'UPDATE streams SET last_seen_at = ?, session_id = ? WHERE id = ?',
      now,
      sessionId,
      id,
    );
    return { ok: true };
  }

  /** Whether stream `id` may still be watched (playing, or lapsed with its slot still there). */
  playing(id: string, now: number): boolean {
    const { state } = this.standing(id, now);
    return state === 'playing' || state === 'lapsed';
  }

  /**
   * Stops stream `id` (its device's next heartbeat gets 'stopped'); false when it is not playing.
   * Positions waiting for D1 go there now.
   */
  async stop(id: string, now: number): Promise<boolean> {
    if (!this.active(now).some((s) => s.id === id)) return false;
    this.sql.exec('UPDATE streams SET stopped_at = ? WHERE id = ?', now, id);
    await this.flushAll(now);
    return true;
  }

  /**
   * Sessions of the account were revoked in D1: their streams stop, and their heartbeats answer
   * session_ended from now on (remembered a day, longer than an access token lives).
   * `keepStreams`: the browser signed in again over them, so its streams go on under the new
   * session (its first heartbeat teaches it to the object).
   */
  async endSessions(ids: string[], now: number, keepStreams = false): Promise<void> {
    for (const id of ids) {
      this.sessions.revoke(id, now, now + FORGET_SECONDS);
      if (keepStreams) continue;
      this.sql.exec(
        'UPDATE streams SET stopped_at = ? WHERE session_id = ? AND stopped_at IS NULL',
        now,
        id,
      );
    }
    await this.flushAll(now);
  }

  /** Keeps a position the player sent; D1 gets it now or within the minute (progress-store.ts). */
  async record(position: Position, now: number): Promise<boolean> {
    // A failed D1 write leaves the position pending: the alarm tries again, and the call fails.
    try {
      return await this.progress.record(position, now);
    } finally {
      await this.wakeForPending();
    }
  }

  /** Forgets positions the viewer removed from the lists (progress-store.ts, `drop`). */
  forget(profileId: number, things: { titleId: number; episodeId: number }[] | null): void {
    this.progress.drop(profileId, things);
  }

  /** The profile's positions not yet in D1, for readers to merge over their rows. */
  pending(profileId: number): PendingPosition[] {
    return this.progress.pending(profileId);
  }

  /** A pending position is due in D1 (its minute passed, or its device went silent). */
  override async alarm(): Promise<void> {
    try {
      await this.progress.flush(Math.floor(Date.now() / 1000), { all: false });
    } catch (error) {
      // D1 unavailable: try again in a minute, for as long as it takes (the platform's own
      // retries of a failed alarm give up after a few).
      logger.warn('playback.progress_flush_failed', { error: String(error) });
      await this.ctx.storage.setAlarm(Date.now() + FLUSH_SECONDS * 1000);
      return;
    }
    await this.wakeForPending();
  }

  /** A stop has happened whatever D1 says: a failed write stays pending for the alarm. */
  private async flushAll(now: number): Promise<void> {
    try {
      await this.progress.flush(now, { all: true });
    } catch (error) {
      logger.warn('playback.progress_flush_failed', { error: String(error) });
    } finally {
      await this.wakeForPending();
    }
  }

  /** The alarm rings when the first pending position is due (none pending: no alarm needed). */
  private async wakeForPending(): Promise<void> {
    const due = this.progress.nextDue();
    if (due === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > due * 1000) await this.ctx.storage.setAlarm(due * 1000);
  }
}
