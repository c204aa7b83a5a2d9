// API throughput and latency of `npm run bench`: autocannon on loopback against the Worker, one
// route at a time for a bounded number of seconds, every answer's status and latency kept so the
// p95 is exact (autocannon's own summary stops at p90 and p97.5).
import autocannon from 'autocannon';

/**
 * The `p`-th percentile (0–100) of numbers by the nearest-rank method; null when there are none.
 * @example percentile([5, 1, 3, 2, 4], 95) // → 5
 */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const xs = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * xs.length);
  return xs[Math.min(xs.length, Math.max(1, rank)) - 1];
}

/**
 * Requests per second and latency of GET `path` with `connections` keep-alive connections for
 * `seconds` (after a short warm-up). Anything but `expect` (200) counts as failed.
 * @example
 * const r = await load('http://127.0.0.1:8806', '/api/health', { seconds: 5, connections: 8 });
 * // → { path: '/api/health', requests: 2740, failed: 0, perSecond: 548, p50Ms: 13, p95Ms: 25, p99Ms: 31, … }
 */
export async function load(
  origin,
  path,
  { seconds, connections, headers = {}, label, expect = 200 },
) {
  const url = origin + path;
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  const latencies = [];
  const statuses = {};
  let failed = 0;
  const instance = autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status !== expect) failed += 1;
  });
  const result = await instance;
  const ok = latencies.length - failed;
  const elapsed = result.duration;
  return {
    path,
    label,
    connections,
    seconds: elapsed,
    requests: ok,
    failed: failed + result.errors + result.timeouts,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    perSecond: ok / elapsed,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length ? Math.max(...latencies) : null,
  };
}
