/**
 * The development fakes: the sandbox acquirer (`/dev/yookassa`, YooKassa's API and the payer's
 * pages) and the local identity provider (`/dev/oauth`, VK ID, OK, Yandex, Google and Facebook).
 * Development builds and tests only: a production build leaves this folder out (`__DEV_FAKES__`,
 * astro.config.mjs; the bundle gate checks it), and DEV_ROUTES still turns them off at run time.
 * Their tables are in `schema.sql`, outside the production migrations.
 */
import type { Hono } from 'hono';
import { setSandboxAcquirer } from '../domains/billing/index.ts';
import { setLocalProvider } from '../domains/social/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { localProviderApp } from './local-provider.ts';
import { sandboxApp } from './sandbox/app.ts';
import { SANDBOX_BASE, SANDBOX_SHOP } from './sandbox/constants.ts';
import { setSandboxWebhook } from './sandbox/notify.ts';

/**
 * The fakes' server-to-server APIs (HTTP Basic, no browser headers): the CSRF guard lets a shop's
 * client call them, as YooKassa's real API takes it (functions/middleware/csrf.ts).
 */
export const DEV_BASIC_AUTH_APIS = [`${SANDBOX_BASE}/v3/`];

/**
 * Mounts the fakes on the site's app and answers the domains' calls to them in-process (the
 * Worker cannot fetch its own host in workerd tests or wrangler dev); the sandbox's notifications
 * reach the app's webhook the same way.
 * @example if (__DEV_FAKES__) mountDevFakes(app)
 */
export function mountDevFakes(app: Hono<AppEnv>) {
  app.route('/', localProviderApp);
  app.route('/', sandboxApp);
  setLocalProvider(async (request) => localProviderApp.fetch(request));
  setSandboxAcquirer({
    base: SANDBOX_BASE,
    shop: SANDBOX_SHOP,
    fetch: async (request) => sandboxApp.fetch(request),
  });
  setSandboxWebhook(async (request) => app.fetch(request));
}
