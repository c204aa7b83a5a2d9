/**
 * The development meter (never in production: only wired in when dev routes are on), read at
 * GET /dev/api/d1-meter. It counts, for this isolate and per request kind: D1 round trips (a
 * query, or a batch of queries, is one trip), the statements among them that read and that write
 * (a batch holds both), the rows D1 answered and those it says it read (`meta.rows_read`: a query
 * that scans reads more than it answers), Durable Object calls and R2 reads (the media bucket's
 * gets and heads). The bench checks that an uncached page costs at most two trips and how many
 * reads, writes and object calls a viewer makes a minute.
 */

/** What one kind of request (or all of them) has cost so far. */
export interface MeterCounts {
  roundTrips: number;
  reads: number;
  writes: number;
  /** Rows D1 answered, every statement's together. */
  rowsReturned: number;
  /** Rows D1 read to answer (its `meta.rows_read`), every statement's together. */
  rowsRead: number;
  objectCalls: number;
  r2Reads: number;
}

/** Counts of nothing yet: a kind's start, and what a kind not seen cost. */
export const zero = (): MeterCounts => ({
  roundTrips: 0,
  reads: 0,
  writes: 0,
  rowsReturned: 0,
  rowsRead: 0,
  objectCalls: 0,
  r2Reads: 0,
});
const total = zero();
const byKind = new Map<string, MeterCounts>();

function countsOf(kind: string): MeterCounts {
  const known = byKind.get(kind);
  if (known) return known;
  const counts = zero();
  byKind.set(kind, counts);
  return counts;
}

/**
 * Counts one D1 round trip of a request of `kind` (`writes[i]` tells whether statement i writes),
 * and the rows of its answer once `done` brings it (a failed trip answered none).
 */
export function meterTrip(kind: string, writes: readonly boolean[], done: Promise<unknown>): void {
  const written = writes.filter(Boolean).length;
  for (const counts of [total, countsOf(kind)]) {
    counts.roundTrips++;
    counts.writes += written;
    counts.reads += writes.length - written;
  }
  done.then(
    (answer) => meterRows(kind, answer),
    () => undefined,
  );
}

/** What D1 answers a statement (`all`, `run`, a batch's items); `first` and `raw` carry no meta. */
interface Answered {
  results?: unknown;
  meta?: { rows_read?: unknown };
}

/**
 * Counts the rows of what a round trip of a request of `kind` got back: a statement's result or a
 * batch's list of them. Anything without D1's meta (a `first` row, `raw` arrays) is not counted.
 */
function meterRows(kind: string, answer: unknown): void {
  const answers = (Array.isArray(answer) ? answer : [answer]) as unknown[];
  for (const a of answers) {
    if (!a || typeof a !== 'object' || !('meta' in a)) continue;
    const { results, meta } = a as Answered;
    const returned = Array.isArray(results) ? results.length : 0;
    const read = typeof meta?.rows_read === 'number' ? meta.rows_read : 0;
    for (const counts of [total, countsOf(kind)]) {
      counts.rowsReturned += returned;
      counts.rowsRead += read;
    }
  }
}

/** Counts one call to a Durable Object made by a request of `kind`. */
export function meterObjectCall(kind: string): void {
  total.objectCalls++;
  countsOf(kind).objectCalls++;
}

/** Counts one read of the media bucket (a get or a head) made by a request of `kind`. */
export function meterR2Read(kind: string): void {
  total.r2Reads++;
  countsOf(kind).r2Reads++;
}

/**
 * Everything so far: the totals at the top level (`roundTrips` as the bench has always read it)
 * and the same per request kind.
 * @example meterSnapshot() // { roundTrips: 12, reads: 30, writes: 2, objectCalls: 1, kinds: { page: {…} } }
 */
export function meterSnapshot(): MeterCounts & { kinds: Record<string, MeterCounts> } {
  return {
    ...total,
    kinds: Object.fromEntries([...byKind].map(([kind, counts]) => [kind, { ...counts }])),
  };
}
