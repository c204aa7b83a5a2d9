import { existsSync } from 'node:fs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { formPages } from './scripts/form-pages.mjs';
import { seedQueries } from './tests/pages/seed.ts';

/** The built Worker (`astro build`): the pages project tests what deploy would ship. */
const BUILT_WORKER = './dist/server/entry.mjs';

/**
 * Low PBKDF2 cost in tests (functions/lib/config.ts, PASSWORD_ITERATIONS): a sign-up hashes in a
 * millisecond instead of a tenth of a second; production ignores the var and hashes at the cap.
 */
const TEST_VARS = { PASSWORD_ITERATIONS: '1000' };

/**
 * Two projects, both inside workerd against a real local D1:
 * - `worker`: the Hono app from source (functions/test-entry.ts, no Astro pages), per-file data.
 * - `pages`: the built Worker, Astro pages included, on the seeded catalogue and demo accounts;
 *   a rule that shows in a page's status, headers or HTML is tested here, without a browser.
 * Files share a worker (`isolate: false`): one workerd and one module graph per worker, not per
 * file. Each `worker` file still starts from empty bindings (functions/test-setup.ts).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations('functions/db/migrations');
  // The development fakes' tables (functions/dev/schema.sql), applied after the migrations.
  const devSchema = (
    await readD1Migrations({
      migrationsDir: 'functions/dev',
      migrationsPattern: 'functions/dev/schema.sql',
    })
  ).flatMap((m) => m.queries);
  const upstream = {
    // The edge proxy's upstream (tests/upstream/echo-upstream.js): a second Worker that takes
    // the test Worker's outgoing requests, answers those for upstream.test, passes on the rest.
    outboundService: 'echo-upstream',
    workers: [
      {
        name: 'echo-upstream',
        modules: true,
        scriptPath: './tests/upstream/echo-upstream.js',
        compatibilityDate: '2026-10-01',
      },
    ],
  };
  const pagesBuilt = existsSync(BUILT_WORKER);
  return {
    test: {
      isolate: false,
      // CI is a busy 2-core machine: a test that signs up several accounts takes seconds there.
      // A file's first hook also waits for its share of a cold worker (seen at 37 s beside a
      // second full run).
      testTimeout: 30_000,
      hookTimeout: 90_000,
      projects: [
        {
          plugins: [
            cloudflareTest({
              main: './functions/test-entry.ts',
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  TEST_DEV_SCHEMA: devSchema,
                  ...TEST_VARS,
                },
                ...upstream,
              },
            }),
          ],
          // The app from source mounts the development fakes, as a development build does, and
          // knows the pages that take POST as the build finds them (scripts/form-pages.mjs).
          define: { __DEV_FAKES__: 'true', __FORM_PAGES__: JSON.stringify(formPages()) },
          test: {
            name: 'worker',
            include: ['functions/**/*.test.ts', 'src/**/*.test.ts'],
            setupFiles: ['./functions/test-setup.ts'],
          },
        },
        ...(pagesBuilt
          ? [
              {
                plugins: [
                  cloudflareTest(async () => ({
                    main: BUILT_WORKER,
                    wrangler: { configPath: './dist/server/wrangler.json' },
                    miniflare: {
                      bindings: {
                        TEST_MIGRATIONS: migrations,
                        TEST_DEV_SCHEMA: devSchema,
                        TEST_SEED: await seedQueries(),
                        ...TEST_VARS,
                      },
                    },
                  })),
                ],
                test: {
                  name: 'pages',
                  include: ['tests/pages/**/*.test.ts'],
                  setupFiles: ['./tests/pages/setup.ts'],
                },
              },
            ]
          : []),
      ],
    },
  };
});
