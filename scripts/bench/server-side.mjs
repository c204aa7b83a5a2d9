// Server-side figures of `npm run bench`: D1 round trips of an uncached page view (the Worker's
// development meter, GET /dev/api/d1-meter) and API throughput against a trivial route.
import { sign } from 'hono/jwt';

/** The development signing key of wrangler.toml's [vars]; the bench server runs with it. */
const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me';
const RETURNING = 'device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e; cookie_agreement=1';

/** Cookies of a signed-in adult (pages never cached) or a kid profile (CMS answers never cached). */
export async function viewerCookie({ kid = false } = {}) {
  const token = await sign(
    { hash: 'bench', acc: 1, sub: 1, bil: 1, kid, exp: Math.floor(Date.now() / 1000) + 3600 },
    DEV_JWT_SECRET,
  );
  return `${RETURNING}; token=${token}`;
}

const meter = async (origin) =>
  (await (await fetch(`${origin}/dev/api/d1-meter`)).json()).roundTrips;

/** D1 round trips of one uncached view of `path` (a signed-in viewer's pages bypass the edge cache); least of 3. */
export async function d1RoundTrips(origin, path) {
  const cookie = await viewerCookie();
  const counts = [];
  for (let i = 0; i < 3; i++) {
    const before = await meter(origin);
    const res = await fetch(origin + path, { headers: { cookie } });
    await res.arrayBuffer();
    counts.push((await meter(origin)) - before);
  }
  return Math.min(...counts);
}

/**
 * Requests per second of `path` with `concurrency` clients for `seconds` (after a warm-up);
 * every answer must be a 200, or the figure is an error.
 */
export async function throughput(origin, path, { seconds, concurrency, headers = {}, label }) {
  const url = origin + path;
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status === 200) done += 1;
        else failed += 1;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  return { path, requests: done, failed, seconds: elapsed, perSecond: done / elapsed, label };
}
