import { env } from 'cloudflare:workers';
import { requireSecret } from './unavailable.ts';

/** The shortest UPSTREAM_SECRET that is used at all (`openssl rand -base64 32` gives 44 characters). */
const MIN_SECRET_LENGTH = 32;
const strongSecret = (secret: string) => (secret.length >= MIN_SECRET_LENGTH ? secret : '');

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
    /** Never blank: a request that needs it answers 503 `not_configured` (lib/unavailable.ts). */
    get jwtSecret() {
      return requireSecret('JWT_SECRET', env.JWT_SECRET);
    },
    /** The site's own origin (SITE_ORIGIN): absolute links never come from the Host header. */
    get siteOrigin() {
      return siteOriginOf(env.SITE_ORIGIN, isProduction);
    },
    /**
     * The base URLs islands call (docs/product.md, «How the site talks to the API»): always this
     * site. API_URL, CONTENT_URL and BILLING_URL name the upstream this Worker forwards to
     * (`upstream`, README «Edge proxy mode»), so the browser never calls it or holds its token.
     */
    apiUrl: '',
    contentUrl: '',
    billingUrl: '',
    /** Edge proxy mode: the upstream of each API host, or null where this Worker answers itself. */
    get upstream() {
      return upstreamOf(env, () => siteOriginOf(env.SITE_ORIGIN, false));
    },
    /**
     * Edge proxy mode: the secret an edge proves the viewer's address and country with
     * (lib/client-proof.ts); blank = never trusted. So is one shorter than 32 characters: a proof
     * seen in a log would let a short secret be guessed offline, and then any address forged.
     */
    upstreamSecret: strongSecret(
      String((env as unknown as Record<string, unknown>).UPSTREAM_SECRET ?? ''),
    ),
    statUrl: env.STAT_URL ?? '',
    /** Static mode (docs/product.md, «How the site talks to the API»): islands skip API calls but the DAZN flag and the tech pages. */
    staticMode: String(env.STATIC_MODE) === 'true',
    /** The shared edge cache of guest pages and CMS answers (functions/middleware/edge-cache.ts) and of media segments (functions/domains/playback/segment-cache.ts); EDGE_CACHE=off turns it off. */
    edgeCache: String(env.EDGE_CACHE ?? 'on') !== 'off',
    /**
     * PBKDF2 cost of new password hashes. Production always hashes at the Workers cap; elsewhere
     * PASSWORD_ITERATIONS may lower it (the tests' sign-ups take a millisecond, not a tenth of a
     * second). Hashes keep their cost, so production's verify wherever they are read.
     */
    passwordIterations: passwordIterationsOf(
      (env as unknown as Record<string, unknown>).PASSWORD_ITERATIONS,
      isProduction,
    ),
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
    /** Social sign-in (functions/api/auth/social): the local identity provider or the real ones. */
    social: {
      mode: socialMode(env.SOCIAL_PROVIDER_MODE, isProduction),
      /** Client ids are vars, secrets `wrangler secret put SOCIAL_<P>_CLIENT_SECRET`; blank = not configured. */
      client: (provider: 'vk' | 'ok' | 'ya' | 'gp' | 'fb') => {
        const vars = env as unknown as Record<string, unknown>;
        const name = `SOCIAL_${provider.toUpperCase()}`;
        return {
          id: String(vars[`${name}_CLIENT_ID`] ?? ''),
          secret: String(vars[`${name}_CLIENT_SECRET`] ?? ''),
        };
      },
      /** Odnoklassniki signs API calls with the application's public key as well. */
      okPublicKey: String((env as unknown as Record<string, unknown>).SOCIAL_OK_PUBLIC_KEY ?? ''),
    },
  };
}

/** PBKDF2's cap in Workers, and production's cost (functions/domains/auth/password.ts). */
const PASSWORD_ITERATIONS_CAP = 100_000;

/** PASSWORD_ITERATIONS as a whole number within 1..100,000; the cap when unset, malformed or in production. */
function passwordIterationsOf(value: unknown, isProduction: boolean): number {
  const n = Number(value);
  if (isProduction || value === undefined || value === '' || !Number.isInteger(n)) {
    return PASSWORD_ITERATIONS_CAP;
  }
  return Math.min(Math.max(n, 1), PASSWORD_ITERATIONS_CAP);
}

/** The upstream API hosts of edge proxy mode (functions/middleware/upstream-proxy.ts). */
export interface Upstream {
  /** Origin (and base path) of the main API: /auth, /api, /billing unless BILLING_URL, the lists. */
  api: string | null;
  /** Of every path containing /cms/; CONTENT_URL, else API_URL. */
  content: string | null;
  /** Of /billing; BILLING_URL, else API_URL. */
  billing: string | null;
  /** How long an upstream may take to answer before the visitor gets a 503. */
  timeoutMs: number;
}

/** UPSTREAM_TIMEOUT_MS: 10 s unless set, never below 0.1 s or above 30 s (the Worker's own limits). */
const TIMEOUT = { fallback: 10_000, min: 100, max: 30_000 };

/**
 * An absolute http(s) base URL without its trailing slash; null for empty, malformed or this
 * site's own origin (forwarding to ourselves would loop).
 * @example baseUrlOf('https://api.example/v1/', () => 'https://site.example') // 'https://api.example/v1'
 */
function baseUrlOf(value: unknown, siteOrigin: () => string): string | null {
  if (!value) return null;
  try {
    const url = new URL(String(value));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.origin === siteOrigin() && url.pathname === '/') return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/** Read on every API request: with no upstream var set it touches nothing else (not even SITE_ORIGIN). */
function upstreamOf(vars: Env, siteOrigin: () => string): Upstream | null {
  const api = baseUrlOf(vars.API_URL, siteOrigin);
  const content = baseUrlOf(vars.CONTENT_URL, siteOrigin) ?? api;
  const billing = baseUrlOf(vars.BILLING_URL, siteOrigin) ?? api;
  if (!api && !content && !billing) return null;
  const asked = Number((vars as unknown as Record<string, unknown>).UPSTREAM_TIMEOUT_MS);
  const timeoutMs = Number.isFinite(asked) && asked > 0 ? asked : TIMEOUT.fallback;
  return {
    api,
    content,
    billing,
    timeoutMs: Math.min(TIMEOUT.max, Math.max(TIMEOUT.min, Math.round(timeoutMs))),
  };
}

/** Where local development serves when SITE_ORIGIN is not set (wrangler.toml's [dev] port). */
const LOCAL_ORIGIN = 'http://localhost:8787';

/**
 * SITE_ORIGIN as an origin (`https://host[:port]`, any path dropped). Without a valid one,
 * production fails the request that needs it rather than guess (and never reads Host);
 * development falls back to the local port.
 */
function siteOriginOf(value: unknown, isProduction: boolean): string {
  try {
    const url = new URL(String(value ?? ''));
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  } catch {}
  if (isProduction) throw new Error('SITE_ORIGIN is not set to the origin of the site');
  return LOCAL_ORIGIN;
}

/**
 * An absolute URL of this site for a path (with its query), on the configured origin whatever
 * Host the request came with.
 * @example siteUrl('/cms/content/series/?page=2').href // 'https://amediateka.example/cms/content/series/?page=2'
 */
export function siteUrl(path: string | URL): URL {
  const url = typeof path === 'string' ? new URL(path, LOCAL_ORIGIN) : path;
  return new URL(url.pathname + url.search + url.hash, config().siteOrigin);
}

export type SocialMode = 'local' | 'real';

/**
 * SOCIAL_PROVIDER_MODE: `local` sends social sign-in to the development identity provider under
 * /dev/oauth (which exists only with dev routes); `real` to VK ID, OK, Yandex, Google, Facebook.
 * Production is always `real`, whatever the var says.
 */
function socialMode(value: unknown, isProduction: boolean): SocialMode {
  if (isProduction) return 'real';
  return value === 'real' ? 'real' : 'local';
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
