import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL } from './scripts/ensure-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8790);

/** Journeys in Debian's Chromium against the real Worker (wrangler dev, local D1). */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // A journey fails after 60 s: most take 2-10 s, and with a second full run beside this one on
  // two cores every step takes twice as long.
  timeout: 60_000,
  // An assertion waits up to 10 s for what it expects: passing ones end as soon as it holds, and on
  // a busy two-core machine a page's answer can take longer than the default 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell), the browser Playwright itself
      // runs headless: half the CPU of the full Chromium per page, a third per new context
      // (docs/decisions.md, "Browser journeys in the headless shell").
      executablePath: process.env.CHROMIUM_PATH ?? HEADLESS_SHELL,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Journeys that play as the shared demo accounts (their two streams, the subscriber's parental
    // control) run alone, one after another, before everything else: one worker, while the
    // suite's other lanes (the Worker tests, the type check) still use the other core. Each
    // undoes what it changed, so the journeys after it meet the seeded accounts.
    {
      name: 'alone',
      testMatch: /\.(mutating|alone)\.spec\.ts$/,
      fullyParallel: false,
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'chromium',
      testIgnore: /\.(mutating|alone)\.spec\.ts$/,
      dependencies: ['alone'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/get-ip`,
    // `npm test` starts this same server itself while the Worker tests still run, and says so
    // (E2E_SERVER_STARTED); elsewhere a server already on the port is never taken for a fresh one.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    // A fresh D1 is migrated and seeded and the media uploaded to local R2 before the Worker serves.
    timeout: 300_000,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
