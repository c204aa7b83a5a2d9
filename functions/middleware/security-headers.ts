import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { providerName } from '../domains/billing/index.ts';
import { ADAPTERS } from '../domains/social/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { reportOrigin } from '../lib/report.ts';

/** Origins other than ours that pages may call (docs/product.md, «How the site talks to the API» base URLs, when configured). */
function apiOrigins(): string[] {
  const { apiUrl, contentUrl, billingUrl, statUrl } = config();
  const origins = new Set<string>();
  for (const url of [apiUrl, contentUrl, billingUrl, statUrl]) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  // Browser error reports go to the Sentry DSN's host (README «Errors and logs»).
  const reports = reportOrigin();
  if (reports) origins.add(reports);
  return [...origins];
}

/**
 * Origins a form may be redirected to: binding a social account posts a form whose answer is a
 * redirect to the provider's authorize page, and browsers apply form-action to redirects too.
 */
function socialFormOrigins(): string[] {
  return config().social.mode === 'real'
    ? [...new Set(Object.values(ADAPTERS).map((a) => new URL(a.authorizeUrl).origin))]
    : [];
}

/** The acquirer's payment page: the payment screen's form is answered with a redirect there. */
function paymentFormOrigins(): string[] {
  return providerName() === 'yookassa' ? ['https://yoomoney.ru'] : [];
}

/** The hash sources (`'sha256-…'`) of a CSP's script-src. */
function scriptHashes(csp: string | null): string[] {
  const scriptSrc = /(?:^|;)\s*script-src\s([^;]*)/.exec(csp ?? '')?.[1] ?? '';
  return scriptSrc.match(/'sha(?:256|384|512)-[A-Za-z0-9+/=]+'/g) ?? [];
}

/**
 * HSTS, a CSP, nosniff, Referrer-Policy and frame-ancestors on every response. Scripts run from
 * this origin's files, or inline only when their hash is one Astro computed at build time for the
 * scripts it emits (island runtime, hoisted scripts): Astro's own `Content-Security-Policy` of a
 * page lends its script hashes to ours. Nothing is stamped on the HTML, so a script that got into a
 * page any other way (injected markup, a CMS text) matches no hash and does not run.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const headers = secureHeaders({
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: ['self'],
      fullscreen: ['self'],
    },
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Swiper and React set element styles; style attributes in markup need 'unsafe-inline'.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", ...apiOrigins()],
      // No page starts a worker (hls.js works on the main thread: docs/decisions.md).
      workerSrc: ["'none'"],
      frameSrc: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...socialFormOrigins(), ...paymentFormOrigins()],
      frameAncestors: ["'none'"],
    },
  });
  let hashes: string[] = [];
  await headers(c, async () => {
    await next();
    // Astro's policy of a rendered page, read before ours replaces it.
    hashes = scriptHashes(c.res.headers.get('content-security-policy'));
  });
  if (hashes.length > 0) {
    const csp = c.res.headers.get('content-security-policy') ?? '';
    c.res.headers.set(
      'content-security-policy',
      csp.replace("script-src 'self'", `script-src 'self' ${[...new Set(hashes)].join(' ')}`),
    );
  }
});
