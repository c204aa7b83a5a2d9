// Serves the built site and API from one local Worker (wrangler dev) on PORT (default 8787),
// with D1/R2/Durable Objects persisted under PERSIST_TO (default .wrangler/state).
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8787';
const persistTo = process.env.PERSIST_TO ?? '.wrangler/state';
// Links the site builds (canonical, messages, the API's next) name the address it is served at.
const siteOrigin = process.env.SITE_ORIGIN ?? `http://localhost:${port}`;
const child = spawn(
  'wrangler',
  [
    'dev',
    '--persist-to',
    persistTo,
    '--port',
    port,
    '--ip',
    '127.0.0.1',
    '--show-interactive-dev-session=false',
    '--test-scheduled',
    '--var',
    `SITE_ORIGIN:${siteOrigin}`,
    // Error reporting (README «Errors and logs»), e.g. the local receiver's DSN.
    ...(process.env.SENTRY_DSN ? ['--var', `SENTRY_DSN:${process.env.SENTRY_DSN}`] : []),
  ],
  {
    stdio: 'inherit',
  },
);

// Run the daily jobs once at start (Cron Triggers do not fire locally on their own), so a local
// database seeded weeks ago still has a current TV guide.
(async () => {
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      await fetch(
        `${origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('0 0 * * *')}`,
      ).catch(() => undefined);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
})();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
