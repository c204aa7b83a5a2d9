import type { AstroGlobal } from 'astro';

/**
 * The address the visitor asked for. It is `Astro.url`, except on a page rendered in place of
 * another (a money page refused by src/middleware.ts), whose layout still names the page asked
 * for: its header's links, canonical address, page type and support form.
 * @example const canonical = canonicalUrl(pageUrl(Astro), config().siteOrigin);
 */
export function pageUrl(Astro: Pick<AstroGlobal, 'url' | 'locals'>): URL {
  return Astro.locals.askedUrl ?? Astro.url;
}
