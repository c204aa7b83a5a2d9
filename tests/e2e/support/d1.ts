import { execFileSync } from 'node:child_process';

/**
 * Runs SQL against the local D1 of the e2e server, out of band, as an operator would with
 * `wrangler d1 execute` in production: the Worker sees the change on its next query.
 * The running server holds the same SQLite file, so a write can meet a lock now and then
 * on a busy machine; like an operator, it tries again (three times, a second apart).
 */
export function d1(sql: string): void {
  const port = process.env.E2E_PORT ?? '8790';
  const args = [
    'd1',
    'execute',
    'DB',
    '--local',
    '--persist-to',
    `.wrangler/e2e-state-${port}`,
    '--command',
    sql,
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync('wrangler', args, { stdio: ['ignore', 'ignore', 'pipe'] });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    }
  }
}
