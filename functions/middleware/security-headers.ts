import { createMiddleware } from 'hono/factory';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { ADAPTERS } from '../domains/social/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';

/** Origins other than ours that pages may call (section 7 base URLs, when configured). */
function apiOrigins(): string[] {
  const { apiUrl, contentUrl, billingUrl, statUrl } = config();
  const origins = new Set<string>();
  for (const url of [apiUrl, contentUrl, billingUrl, statUrl]) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
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

/**
 * HSTS, a nonce-based CSP, nosniff, Referrer-Policy and frame-ancestors on every response.
 * Inline scripts are allowed by nonce only: `addScriptNonces` stamps the per-response nonce on
 * each `<script>` of our server-rendered HTML.
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
      scriptSrc: ["'self'", NONCE],
      // Swiper and React set element styles; style attributes in markup need 'unsafe-inline'.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", ...apiOrigins()],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...socialFormOrigins()],
      frameAncestors: ["'none'"],
    },
  });
  await headers(c, async () => {
    await next();
  });
  const nonce = c.get('secureHeadersNonce' as never) as string | undefined;
  if (nonce && c.res.headers.get('content-type')?.startsWith('text/html')) {
    c.res = addScriptNonces(c.res, nonce);
  }
});

/** Stamps the nonce on every script element of an HTML response. */
export function addScriptNonces(response: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on('script', {
      element(el) {
        el.setAttribute('nonce', nonce);
      },
    })
    .transform(response);
}
