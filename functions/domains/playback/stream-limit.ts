import { DurableObject } from 'cloudflare:workers';
import { MAX_STREAMS, STREAM_TTL_SECONDS } from './limits.ts';

/**
 * The concurrent-stream limit of one account (docs/product.md, «Numbers»): a Durable Object per
 * account, so every claim of a slot is decided in one place, in order. A stream is a device (the
 * device id of the signed-in session): the same browser starting another video keeps its slot. A stream lives
 * while its heartbeats come; STREAM_TTL_SECONDS of silence ends it (checked lazily on each call,
 * so an idle account costs nothing). A stream stopped from another device is remembered, so its
 * next heartbeat learns why it ended.
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

export type Claim = { ok: true; stream: Stream } | { ok: false; streams: Stream[] };
export type Beat =
  | { ok: true }
  | { ok: false; reason: 'stopped' }
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
  }

  private rows(query: string, ...bindings: SqlStorageValue[]): Row[] {
    return this.sql.exec<Row>(`SELECT ${COLUMNS} FROM streams ${query}`, ...bindings).toArray();
  }

  /** The account's streams playing at `now`, oldest first. */
  active(now: number): Stream[] {
    this.sql.exec('DELETE FROM streams WHERE last_seen_at < ?', now - FORGET_SECONDS);
    return this.rows(
      'WHERE stopped_at IS NULL AND last_seen_at >= ? ORDER BY started_at, id',
      now - STREAM_TTL_SECONDS,
    ).map(({ stoppedAt: _stopped, ...stream }) => stream);
  }

  /**
   * A slot for `device` to play `title`: its own stream again (same id, any title), a new one
   * while fewer than MAX_STREAMS other devices play, or the refusal with those that do.
   */
  claim(device: StreamDevice, title: string, now: number): Claim {
    const playing = this.active(now);
    const own = playing.find((s) => s.device === device.device);
    if (own) {
      this.sql.exec(
        'UPDATE streams SET title = ?, last_seen_at = ?, device_name = ?, device_type = ? WHERE id = ?',
        title,
        now,
        device.deviceName,
        device.deviceType,
        own.id,
      );
      return { ok: true, stream: { ...own, ...device, title, lastSeenAt: now } };
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
      'INSERT INTO streams (id, device, device_name, device_type, title, started_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      stream.id,
      stream.device,
      stream.deviceName,
      stream.deviceType,
      stream.title,
      stream.startedAt,
      stream.lastSeenAt,
    );
    return { ok: true, stream };
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
   * A heartbeat of stream `id` from `device`: keeps it playing (a lapsed stream comes back while
   * there is a slot). Never starts a stream: an unknown id, or another device's stream, is
   * 'stopped' for the caller; so is one stopped or replaced; 'too_many' when it lapsed and
   * MAX_STREAMS others play now.
   */
  heartbeat(id: string, device: string, now: number): Beat {
    const standing = this.standing(id, now);
    if (standing.state === 'too_many')
      return { ok: false, reason: 'too_many', streams: standing.streams };
    if (standing.state === 'stopped' || standing.row.device !== device)
      return { ok: false, reason: 'stopped' };
    this.sql.exec('UPDATE streams SET last_seen_at = ? WHERE id = ?', now, id);
    return { ok: true };
  }

  /** Whether stream `id` may still be watched (playing, or lapsed with its slot still there). */
  playing(id: string, now: number): boolean {
    const { state } = this.standing(id, now);
    return state === 'playing' || state === 'lapsed';
  }

  /** Stops stream `id` (its device's next heartbeat gets 'stopped'); false when it is not playing. */
  stop(id: string, now: number): boolean {
    if (!this.active(now).some((s) => s.id === id)) return false;
    this.sql.exec('UPDATE streams SET stopped_at = ? WHERE id = ?', now, id);
    return true;
  }
}
