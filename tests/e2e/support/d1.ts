import { execFileSync } from 'node:child_process';

/**
 * Runs SQL against the local D1 of the e2e server, out of band, as an operator would with
 * `wrangler d1 execute` in production: the Worker sees the change on its next query.
 */
export function d1(sql: string): void {
  const port = process.env.E2E_PORT ?? '8790';
  execFileSync(
    'wrangler',
    [
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      `.wrangler/e2e-state-${port}`,
      '--command',
      sql,
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
}
