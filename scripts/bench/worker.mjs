// The Worker under measurement: scripts/e2e-server.mjs (a fresh local D1 in
// .wrangler/e2e-state-<port>, migrated and seeded, then wrangler dev) started as the leader of its
// own process group, so one signal to the group reaches wrangler, workerd and esbuild alike, even
// when the bench itself dies half-way.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether any process of the group is still alive (signal 0 only checks). */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether something already listens on the port (then the bench would measure a stranger).
 * @example
 * if (await portInUse(8795)) throw new Error('port 8795 is taken');
 */
export function portInUse(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the Worker on `port`, its output going to `log`. Returns at once, so that signal
 * handlers can be in place before the wait: `ready()` resolves once `readyPath` answers 2xx;
 * `stop()` sends SIGTERM to the process group, then SIGKILL after `graceMs`; `stopNow()` is the
 * synchronous SIGKILL for `process.on('exit')`.
 * @example
 * const worker = spawnWorker({ port: 8795, log: '.bench/server.log' });
 * try { await worker.ready(); await fetch(`${worker.origin}/`); } finally { await worker.stop(); }
 */
export function spawnWorker({
  port,
  log,
  readyPath = '/get-ip/',
  timeoutMs = 180_000,
  graceMs = 5_000,
}) {
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      E2E_PORT: String(port),
      WRANGLER_SEND_METRICS: 'false',
      FORCE_COLOR: '0',
    },
  });
  closeSync(out);
  const pgid = child.pid;
  let exit = null;
  child.on('exit', (code, signal) => (exit = { code, signal }));

  const stopNow = () => {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  };
  const stop = async () => {
    if (!groupAlive(pgid)) return;
    process.kill(-pgid, 'SIGTERM');
    for (const deadline = Date.now() + graceMs; Date.now() < deadline && groupAlive(pgid); )
      await sleep(100);
    stopNow();
  };
  const origin = `http://127.0.0.1:${port}`;

  const ready = async () => {
    for (const deadline = Date.now() + timeoutMs; ; ) {
      if (exit)
        throw new Error(
          `the Worker exited before answering (${JSON.stringify(exit)}); its log:\n${tail(log)}`,
        );
      if (Date.now() > deadline)
        throw new Error(
          `the Worker did not answer ${origin}${readyPath} within ${timeoutMs / 1000} s; its log:\n${tail(log)}`,
        );
      try {
        const res = await fetch(origin + readyPath, { signal: AbortSignal.timeout(5_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(500);
    }
  };
  return { origin, pgid, ready, stop, stopNow };
}

function tail(file, lines = 30) {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
