import { env } from 'cloudflare:workers';

/**
 * Runtime configuration from wrangler vars and secrets (wrangler.toml, `.dev.vars`, `wrangler secret`).
 * Read per call: a var changed by a deploy is seen without code changes.
 */
export function config() {
  const isProduction = String(env.ENVIRONMENT) === 'production';
  return {
    isProduction,
    /** Development-only pages and APIs (outbox, diagnostics) exist only outside production. */
    devRoutes: !isProduction && String(env.DEV_ROUTES) === 'true',
    /** Local `request.cf` is a fixed mock, so outside production only CF-IPCountry counts. */
    trustCf: isProduction,
    fallbackCountry: env.GEO_FALLBACK_COUNTRY || 'XX',
    jwtSecret: env.JWT_SECRET ?? '',
    /** Section 7 base URLs; empty means this Worker. Content and billing fall back to the API URL. */
    apiUrl: env.API_URL ?? '',
    contentUrl: env.CONTENT_URL || env.API_URL || '',
    billingUrl: env.BILLING_URL || env.API_URL || '',
    statUrl: env.STAT_URL ?? '',
    /** Static mode (section 7): islands skip API calls but the DAZN flag and the tech pages. */
    staticMode: String(env.STATIC_MODE) === 'true',
    /** The shared edge cache of guest pages and CMS answers (functions/middleware/edge-cache.ts); EDGE_CACHE=off turns it off. */
    edgeCache: String(env.EDGE_CACHE ?? 'on') !== 'off',
  };
}
