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
    /** Outgoing e-mail (functions/lib/messages): the outbox in D1 or a JSON mail API. */
    mail: {
      provider: messageProvider(env.MAIL_PROVIDER, isProduction),
      apiUrl: String(env.MAIL_API_URL ?? ''),
      apiKey: String(env.MAIL_API_KEY ?? ''),
      from: String(env.MAIL_FROM ?? ''),
    },
    /** Outgoing SMS: the outbox in D1 or a JSON SMS API; `sender` is the registered sender name. */
    sms: {
      provider: messageProvider(env.SMS_PROVIDER, isProduction),
      apiUrl: String(env.SMS_API_URL ?? ''),
      apiKey: String(env.SMS_API_KEY ?? ''),
      sender: String(env.SMS_SENDER ?? ''),
    },
  };
}

export type MessageProvider = 'outbox' | 'http';

/**
 * MAIL_PROVIDER / SMS_PROVIDER as set; unset or unknown means the outbox outside production and
 * the HTTP gateway in production, so a forgotten var never makes production keep codes to itself.
 */
function messageProvider(value: unknown, isProduction: boolean): MessageProvider {
  if (value === 'outbox' || value === 'http') return value;
  return isProduction ? 'http' : 'outbox';
}
