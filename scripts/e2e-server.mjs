// The server behind the Playwright tests: a fresh local D1 (migrated and seeded) and the built
// Worker in workerd on E2E_PORT. Started and stopped by Playwright's webServer, or by `npm test`,
// which runs it in two halves so the database is ready before the build and the media are:
//   node scripts/e2e-server.mjs --prepare   a fresh D1, migrated and seeded; then exits
//   node scripts/e2e-server.mjs --prepared  the media into its R2, then serves (no new D1)
// Without a flag it does both.
//
// It serves through the Miniflare that wrangler itself runs, with the options wrangler reads from
// the build's config (`unstable_getMiniflareWorkerOptions`): the same workerd, Worker, bindings,
// static assets and `_headers`, and the same persisted D1/R2/Durable Objects layout as
// `wrangler dev --persist-to`, without wrangler dev's second workerd (its proxy worker) and CLI in
// front: over the journeys those took as much CPU again as the Worker itself
// (docs/decisions.md, «The journeys' server is wrangler's Miniflare, without wrangler dev»).
// `npm start` still serves with wrangler dev.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

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
  // The development fakes' tables (the sandbox acquirer's, the local identity provider's).
  execFileSync(
    'wrangler',
    [
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      persistTo,
      '--file',
      'functions/dev/schema.sql',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env },
  );
  execFileSync(process.execPath, ['scripts/seed.mjs'], { stdio: 'inherit', env });
}
if (stage !== '--prepare') {
  // The sample media into this state's R2: made only if .media/ is missing (npm test makes it in
  // an earlier step), uploaded in a few seconds.
  execFileSync(process.execPath, ['scripts/media/generate.mjs'], { stdio: 'inherit', env });
  execFileSync(process.execPath, ['scripts/media/upload.mjs'], { stdio: 'inherit', env });
  await serve();
}

/** The built Worker in wrangler's Miniflare on `port`, until SIGINT or SIGTERM. */
async function serve() {
  // The Miniflare this wrangler runs, whatever npm hoisted beside it.
  const fromWrangler = createRequire(createRequire(import.meta.url).resolve('wrangler'));
  const { Miniflare, convertV4MiniflareOptions } = await import(
    pathToFileURL(fromWrangler.resolve('miniflare')).href
  );
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  // The config the Astro build wrote beside the Worker (not wrangler's redirect file, which the
  // bundle gate's production build points elsewhere for a moment).
  const config = resolve('dist/server/wrangler.json');
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  // The build is not bundled (no_bundle): every module of it is listed, the entry first, as
  // wrangler dev lists them. Crons fire only when asked (below), as with wrangler dev.
  const { modulesRules, cronTriggers, ...options } = workerOptions;
  const root = dirname(config);
  const main = JSON.parse(readFileSync(config, 'utf8')).main;
  const files = readdirSync(root, { recursive: true }).filter(
    (f) => /\.m?js$/.test(f) && !f.startsWith('.') && f !== main,
  );
  const origin = `http://localhost:${port}`;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: Number(port),
      resourcePersistencePath: join(persistTo, 'v3'),
      // /cdn-cgi/local/scheduled runs the Worker's cron jobs (wrangler dev --test-scheduled).
      unsafeTriggerHandlers: true,
      workers: [
        {
          ...options,
          modulesRoot: root,
          modules: [main, ...files].map((f) => ({ type: 'ESModule', path: join(root, f) })),
          bindings: {
            ...options.bindings,
            // Links the site builds name the address it is served at.
            SITE_ORIGIN: origin,
            // Error reports go to this server's own local receiver, where journeys can read them.
            SENTRY_DSN: process.env.SENTRY_DSN ?? `http://e2e@localhost:${port}/dev/api/sentry/1`,
          },
        },
      ],
    }),
  );
  await mf.ready;
  // The daily jobs once at start, as `npm start` runs them (the TV guide of a database seeded
  // before midnight).
  await mf.dispatchFetch(
    `${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('0 0 * * *')}`,
  );
  console.log(`serving the built Worker at ${origin}`);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      mf.dispose().finally(() => process.exit(0));
    });
}
