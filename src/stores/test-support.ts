import type { Browser } from '../../functions/domains/auth/test-support.ts';
import { createApiClient } from '../lib/api-client.ts';
import { DEFAULT_APP_CONFIG } from '../lib/app-config.ts';

/** The api client of a signed-in browser, talking to the Worker under test. */
export function clientOf(browser: Browser) {
  return createApiClient({
    config: () => DEFAULT_APP_CONFIG,
    fetch: (url, init) => browser.fetch(url, init),
    cookie: (name) => browser.cookies.get(name),
    clearCookie: (name) => void browser.cookies.delete(name),
    hostname: () => 'localhost',
    later: () => undefined,
    reload: () => undefined,
    log: () => undefined,
  });
}
