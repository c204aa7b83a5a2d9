// Playwright cannot download its own browsers here: tests use Debian's Chromium, installed with apt
// when it is missing (we run as root on the dev and CI machines). `CHROMIUM_PATH` names another.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The full browser: Lighthouse (the bench) and the screenshots. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The headless shell (Debian's `chromium-headless-shell`, from the same source): what Playwright
 * itself runs for headless tests. The browser journeys use it: a new context costs a third and a
 * page load half the CPU of the full browser's headless mode.
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

function ensure(path, debianPackage) {
  if (existsSync(path)) return path;
  console.log(`${path} is missing: installing Debian package "${debianPackage}" with apt-get…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${debianPackage}`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(path)) throw new Error(`${debianPackage} is still missing at ${path}`);
  return path;
}

/** The full Chromium, installed if missing. */
export const ensureChromium = () => ensure(CHROMIUM, 'chromium');

/** The headless shell the browser journeys run in, installed if missing. */
export const ensureHeadlessShell = () => ensure(HEADLESS_SHELL, 'chromium-headless-shell');

// `node scripts/ensure-chromium.mjs` installs both; `--headless-shell` only the journeys' browser.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--headless-shell')) ensureChromium();
  ensureHeadlessShell();
}
