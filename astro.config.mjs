// @ts-check

import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Every page is rendered on the edge (output: 'server'): the header, menus and cookie banner
// depend on region, sign-in and consent, and src/fetch.ts sees every page request.
export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  trailingSlash: 'never',
  build: { inlineStylesheets: 'always' },
  server: { port: Number(process.env.PORT ?? 8787) },
  devToolbar: { enabled: false },
  // Sessions are ours (signed tokens and D1, issue 3/6); Astro's KV-backed sessions stay off.
  session: false,
  // Astro hashes every script it emits (island runtime, hoisted scripts) and sends them in the
  // page's Content-Security-Policy; functions/middleware/security-headers.ts keeps those hashes
  // in the site's own policy, so inline scripts run by hash and never by a stamped nonce.
  security: { csp: true },
});
