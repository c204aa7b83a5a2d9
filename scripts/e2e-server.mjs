// The server behind the Playwright tests: a fresh local D1 (migrated and seeded) and wrangler dev
// on E2E_PORT. Started and stopped by Playwright's webServer, or by `npm test`, which runs it in
// two halves so the database is ready before the build and the media are:
//   node scripts/e2e-server.mjs --prepare   a fresh D1, migrated and seeded; then exits
//   node scripts/e2e-server.mjs --prepared  the media into its R2, then serves (no new D1)
// Without a flag it does both.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const port = process.env.E2E_PORT ?? '8790';
const persistTo = `.wrangler/e2e-state-${port}`;
const env = { ...process.env, PERSIST_TO: persistTo };
const stage = process.argv[2];

if (stage !== '--prepared') {
  rmSync(persistTo, { recursive: true, force: true });
  execFileSync(
    'wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo],
    { stdio: ['ignore', 'ignore', 'inherit'], env },
  );
  execFileSync(process.execPath, ['scripts/seed.mjs'], { stdio: 'inherit', env });
}
if (stage !== '--prepare') {
  // The sample media into this state's R2: made only if .media/ is missing (npm test makes it in
  // an earlier step), uploaded in a few seconds.
  execFileSync(process.execPath, ['scripts/media/generate.mjs'], { stdio: 'inherit', env });
  execFileSync(process.execPath, ['scripts/media/upload.mjs'], { stdio: 'inherit', env });
  // Error reports go to this server's own local receiver, where browser journeys can read them.
  const sentryDsn = process.env.SENTRY_DSN ?? `http://e2e@localhost:${port}/dev/api/sentry/1`;
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    stdio: 'inherit',
    env: { ...env, PORT: port, SENTRY_DSN: sentryDsn },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
