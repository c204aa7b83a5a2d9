import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Worker tests run inside workerd against a real local D1 with the project's migrations applied.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('functions/db/migrations');
  return {
    plugins: [
      cloudflareTest({
        main: './functions/test-entry.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations },
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
        },
      }),
    ],
    test: {
      include: ['functions/**/*.test.ts', 'src/**/*.test.ts'],
      setupFiles: ['./functions/test-setup.ts'],
      // CI is a busy 2-core machine: tests that hash 30 passwords take seconds there, not the 5 s default.
      testTimeout: 30_000,
    },
  };
});
