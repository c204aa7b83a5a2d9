import type { APIRoute } from 'astro';
import { config } from '../../functions/lib/index.ts';

/** robots.txt: private and flow screens are not for search engines; outside production nothing is. */
export const GET: APIRoute = () => {
  const lines = config().isProduction
    ? [
        'User-agent: *',
        ...[
          '/api/',
          '/auth',
          '/settings',
          '/payment',
          '/paywall/',
          '/my',
          '/code',
          '/activate',
          '/success',
          '/get-ip',
          '/reset-password',
        ].map((path) => `Disallow: ${path}`),
        'Allow: /',
        '',
        `Sitemap: ${config().siteOrigin}/sitemap.xml`,
      ]
    : ['User-agent: *', 'Disallow: /'];
  return new Response(`${lines.join('\n')}\n`, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
