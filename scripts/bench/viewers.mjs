// Concurrent viewers of `npm run bench`: `count` signed-in viewers, each on its own account and
// device (an account plays at most two streams at once), created up front through the real
// sign-up; then for `seconds` each one browses (a signed-in viewer's pages skip the edge cache)
// while playing a trailer: the stream's heartbeat and the position, as the player sends them,
// only more often than the player does so that the minute holds more of them. Every answer must
// be the one a browser expects (pages 200, heartbeat and progress 204), within `timeoutMs`.
import { percentile } from './api-load.mjs';
import { PER_VIEWER } from './budgets.mjs';

const PASSWORD = 'bench-viewer-password-1';
/** Where a bench viewer's positions go round: the share of the clip before any clip's credits. */
const LONG_FORM_SHARE = 0.7;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items` with at most `width` at a time. */
async function pool(items, width, work) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}

/** A visitor's own address: the development Worker reads CF-Connecting-IP, and limits are per IP. */
const ipOf = (i) => `10.77.${(i >> 8) & 255}.${i & 255}`;

/** The newest six-digit code sent to `to` in the development outbox, waiting a little for it. */
async function outboxCode(origin, to) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${origin}/dev/api/outbox/?${new URLSearchParams({ to, limit: '1' })}`);
    const code = /\b(\d{6})\b/.exec((await res.json()).results?.[0]?.text ?? '')?.[1];
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no code for ${to} in the outbox`);
}

/** The Worker's development meter (GET /dev/api/d1-meter): D1 trips, reads, writes, object calls. */
const meterOf = async (origin) => (await fetch(`${origin}/dev/api/d1-meter`)).json();
const COUNTS = ['roundTrips', 'reads', 'writes', 'objectCalls'];

/**
 * What the viewers cost between two meter readings, per request kind and in all: the
 * development meter's own requests (kind `dev`) left out, cron jobs and Durable Objects'
 * own D1 work (`background`) kept in.
 */
function meterDiff(before, after) {
  const kinds = {};
  for (const [kind, counts] of Object.entries(after.kinds ?? {})) {
    if (kind === 'dev') continue;
    const was = before.kinds?.[kind] ?? {};
    kinds[kind] = Object.fromEntries(COUNTS.map((k) => [k, counts[k] - (was[k] ?? 0)]));
  }
  const total = Object.fromEntries(
    COUNTS.map((k) => [k, Object.values(kinds).reduce((n, c) => n + c[k], 0)]),
  );
  return { total, kinds };
}

/** Cookies the answer sets, merged into the jar (name → value). */
function keep(jar, res) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** One signed-in viewer: its own account (sign-up in two steps, the code from the outbox) and device. */
async function createViewer(origin, runId, i) {
  const email = `bench-viewer-${runId}-${i}@example.ru`;
  const deviceId = crypto.randomUUID();
  const jar = new Map([
    ['device_id', deviceId],
    ['cookie_agreement', '1'],
  ]);
  const ip = ipOf(i);
  const post = async (body) => {
    const res = await fetch(`${origin}/auth/email/sign_up/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'cf-connecting-ip': ip,
        cookie: cookieHeader(jar),
      },
      body: JSON.stringify(body),
    });
    keep(jar, res);
    await res.arrayBuffer();
    return res.status;
  };
  const first = await post({ email, password: PASSWORD });
  if (first !== 202) throw new Error(`viewer ${i}: sign-up step 1 answered ${first}`);
  const second = await post({ email, password: PASSWORD, code: await outboxCode(origin, email) });
  if (second !== 201) throw new Error(`viewer ${i}: sign-up step 2 answered ${second}`);
  if (!jar.has('token') || !jar.has('session'))
    throw new Error(`viewer ${i}: signed up without session cookies`);
  return { i, ip, deviceId, jar };
}

/**
 * The load itself. `browse` lists the paths a viewer picks from at random; `trailers` the ids it
 * plays. Returns every request's kind, status and milliseconds, summarised.
 */
export async function measureViewers(
  origin,
  {
    count,
    seconds,
    heartbeatSeconds,
    progressSeconds,
    browseSeconds,
    rampSeconds = 0,
    signUpConcurrency = 8,
    timeoutMs = 10_000,
    browse,
    budgets,
  },
  log = console.log,
) {
  const trailers = (await (await fetch(`${origin}/cms/content/trailers/`)).json()).results.map(
    (t) => t.id,
  );
  if (trailers.length === 0) throw new Error('no trailer to play');
  const runId = Date.now().toString(36);
  const t0 = Date.now();
  const viewers = await pool(
    Array.from({ length: count }, (_, i) => i),
    signUpConcurrency,
    (i) => createViewer(origin, runId, i),
  );
  const signUpSeconds = (Date.now() - t0) / 1000;
  log(
    `  ${count} viewers signed up in ${signUpSeconds.toFixed(1)} s; arriving over ${rampSeconds} s, then ${seconds} s all on…`,
  );

  const samples = [];
  const failures = [];
  const request = async (viewer, kind, method, path, body, expect) => {
    const sep = path.includes('?') ? '&' : '?';
    const url = path.startsWith('/cms/')
      ? `${origin}${path}${sep}deviceId=${viewer.deviceId}&token=${viewer.jar.get('token')}`
      : `${origin}${path}`;
    const headers = { cookie: cookieHeader(viewer.jar), 'cf-connecting-ip': viewer.ip };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = origin;
    }
    const started = performance.now();
    let status = 0;
    let answer = null;
    try {
      const res = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      keep(viewer.jar, res);
      answer = res.headers.get('content-type')?.includes('json')
        ? await res.json()
        : await res.arrayBuffer();
    } catch (error) {
      failures.push({
        kind,
        path,
        error: error.name === 'TimeoutError' ? 'timeout' : error.message,
      });
    }
    const ms = performance.now() - started;
    samples.push({ kind, status, ms });
    if (status && status !== expect)
      failures.push({ kind, path, status, reason: answer?.details?.reason });
    return status === expect ? answer : null;
  };

  // Arrivals spread over `rampSeconds`, as an audience arrives, not all in one instant; then
  // `seconds` with every viewer on, the window the D1 meter is read around.
  const loadStarted = Date.now();
  const end = loadStarted + (rampSeconds + seconds) * 1000;
  const meterWindow = { loadBefore: await meterOf(origin) };
  const windowOpened = sleep(rampSeconds * 1000).then(async () => {
    meterWindow.start = Date.now();
    meterWindow.before = await meterOf(origin);
  });
  await Promise.all(
    viewers.map(async (viewer) => {
      await sleep(Math.random() * rampSeconds * 1000);
      const trailer = trailers[viewer.i % trailers.length];
      const watch = await request(
        viewer,
        'watch',
        'GET',
        `/cms/content_experience/watches/${trailer}/`,
        undefined,
        200,
      );
      const streamId = watch?.stream?.id;
      if (!streamId) failures.push({ kind: 'watch', error: 'no stream in the watch answer' });
      const duration = watch?.duration ?? 60;
      // The local clips last under a minute, so a viewer would reach the credits inside the
      // window; most viewers are in the middle of a film or an episode, so the positions go round
      // the first 70 % of the clip (before any clip's credits): what D1 is written per minute
      // depends on time and completion only, not on where the position is.
      const body = Math.floor(duration * LONG_FORM_SHARE);
      let position = 0;
      const due = {
        heartbeat: Date.now() + Math.random() * heartbeatSeconds * 1000,
        progress: Date.now() + Math.random() * progressSeconds * 1000,
        browse: Date.now() + Math.random() * browseSeconds * 1000,
      };
      while (true) {
        const [kind, at] = Object.entries(due).sort((a, b) => a[1] - b[1])[0];
        if (at >= end) break;
        await sleep(Math.max(0, at - Date.now()));
        if (kind === 'heartbeat') {
          due.heartbeat += heartbeatSeconds * 1000;
          if (streamId)
            await request(
              viewer,
              'heartbeat',
              'POST',
              `/cms/content_experience/streams/${streamId}/heartbeat/`,
              {},
              204,
            );
        } else if (kind === 'progress') {
          due.progress += progressSeconds * 1000;
          position = (position + progressSeconds) % body;
          if (watch)
            await request(
              viewer,
              'progress',
              'POST',
              '/cms/content_experience/progress/',
              { contentId: watch.content.id, episodeId: 0, position, duration },
              204,
            );
        } else {
          due.browse += browseSeconds * 1000 * (0.5 + Math.random());
          await request(
            viewer,
            'browse',
            'GET',
            browse[Math.floor(Math.random() * browse.length)],
            undefined,
            200,
          );
        }
      }
    }),
  );
  await windowOpened;
  meterWindow.after = await meterOf(origin);
  meterWindow.end = Date.now();
  const elapsed = (Date.now() - loadStarted) / 1000;
  const d1 = d1PerViewer(meterWindow, count, samples);

  const summary = (list) => {
    const ms = list.map((s) => s.ms);
    return {
      requests: list.length,
      perSecond: list.length / elapsed,
      p50Ms: percentile(ms, 50),
      p95Ms: percentile(ms, 95),
      p99Ms: percentile(ms, 99),
      maxMs: ms.length ? Math.max(...ms) : null,
    };
  };
  const kinds = {};
  for (const kind of ['watch', 'heartbeat', 'progress', 'browse'])
    kinds[kind] = summary(samples.filter((s) => s.kind === kind));
  const all = summary(samples);
  const errors = failures.length;
  const check = (label, value, budget, ok, format) => ({
    label,
    value,
    budget,
    shown: value === null ? '—' : format(value),
    budgetShown: format(budget),
    result: value === null ? 'ERROR' : ok(value, budget) ? 'PASS' : 'OVER',
  });
  return {
    count,
    seconds: elapsed,
    rampSeconds,
    signUpSeconds,
    heartbeatSeconds,
    progressSeconds,
    browseSeconds,
    browse,
    all,
    kinds,
    errors,
    failures: failures.slice(0, 20),
    d1,
    checks: [
      check('errors', errors, budgets.errors, (v, b) => v <= b, String),
      check(
        'p95 of every request',
        all.p95Ms,
        budgets.p95Ms,
        (v, b) => v <= b,
        (v) => `${Math.round(v)} ms`,
      ),
      ...PER_VIEWER.filter(([, , budget]) => budgets[budget] !== undefined).map(
        ([key, label, budget]) =>
          check(
            label,
            d1.perViewerMinute[key],
            budgets[budget],
            (v, b) => v <= b,
            (v) => v.toFixed(2),
          ),
      ),
    ],
  };
}

/** The playback calls the meter names, by the load's own request kinds. */
const METER_KIND = { watch: 'api:watch', heartbeat: 'api:heartbeat', progress: 'api:progress' };

/**
 * The meter's difference over the all-on window divided by viewers and minutes, and per request
 * kind; for the playback calls also per request, over the whole load (arrivals included: every
 * watch call is made then).
 */
function d1PerViewer(meterWindow, count, samples) {
  const { total, kinds } = meterDiff(meterWindow.before, meterWindow.after);
  const minutes = (meterWindow.end - meterWindow.start) / 60_000;
  const per = (c) => Object.fromEntries(COUNTS.map((k) => [k, c[k] / count / minutes]));
  const whole = meterDiff(meterWindow.loadBefore, meterWindow.after).kinds;
  const perRequest = {};
  for (const [kind, meterKind] of Object.entries(METER_KIND)) {
    const n = samples.filter((s) => s.kind === kind).length;
    const c = whole[meterKind];
    if (n && c) perRequest[kind] = Object.fromEntries(COUNTS.map((k) => [k, c[k] / n]));
  }
  // What watching writes: the playback calls and the account's object (kind background, its
  // alarm's and stops' writes), without the pages' (a signed-in viewer's first page of the day
  // records the visit once a day).
  const playbackWrites = [...Object.values(METER_KIND), 'background'].reduce(
    (sum, kind) => sum + (kinds[kind]?.writes ?? 0),
    0,
  );
  return {
    windowSeconds: (meterWindow.end - meterWindow.start) / 1000,
    total,
    perViewerMinute: { ...per(total), playbackWrites: playbackWrites / count / minutes },
    kinds: Object.fromEntries(Object.entries(kinds).map(([k, c]) => [k, per(c)])),
    perRequest,
  };
}

/** The viewers' lines of the printed report. */
export function printViewers(v) {
  if (!v?.all) return;
  console.log(
    `\n${v.count} concurrent signed-in viewers for ${v.seconds.toFixed(0)} s (arriving over the first ${v.rampSeconds} s; heartbeat every ${v.heartbeatSeconds} s, progress every ${v.progressSeconds} s, a page or list every ~${v.browseSeconds} s; accounts made in ${v.signUpSeconds.toFixed(0)} s beforehand)`,
  );
  const ms = (x) => (x === null ? '—' : `${Math.round(x)} ms`);
  for (const [kind, s] of [['all', v.all], ...Object.entries(v.kinds)])
    console.log(
      `  ${kind.padEnd(10)} ${String(s.requests).padStart(6)} requests ${s.perSecond.toFixed(1).padStart(6)}/s  p50 ${ms(s.p50Ms).padStart(7)}  p95 ${ms(s.p95Ms).padStart(7)}  p99 ${ms(s.p99Ms).padStart(7)}  max ${ms(s.maxMs)}`,
    );
  if (v.d1) {
    console.log(
      `  D1 and Durable Objects over the ${v.d1.windowSeconds.toFixed(0)} s all on, per viewer per minute (round trips, reads, writes, object calls):`,
    );
    const figures = (c) => COUNTS.map((k) => c[k].toFixed(2).padStart(7)).join(' ');
    console.log(`    ${'all'.padEnd(16)} ${figures(v.d1.perViewerMinute)}`);
    for (const [kind, c] of Object.entries(v.d1.kinds))
      console.log(`    ${kind.padEnd(16)} ${figures(c)}`);
    for (const [kind, c] of Object.entries(v.d1.perRequest))
      console.log(`    per ${kind} request ${figures(c)}`);
  }
  for (const c of v.checks)
    console.log(
      `  ${c.label.padEnd(24)} ${c.shown.padEnd(10)} ≤ ${c.budgetShown.padEnd(10)} ${c.result}`,
    );
  for (const f of v.failures) console.log(`    failed: ${JSON.stringify(f)}`);
}
