import { defineMiddleware } from 'astro:middleware';
import { markMoneyRefused, refusesMoneyPage } from './lib/money-pages.ts';

/**
 * Astro's middleware, between the edge app (src/fetch.ts) and the pages: a money page its viewer
 * may not pay on (src/lib/money-pages.ts) is answered by the forbidden screen (403) before its own
 * frontmatter reads a form or loads anything. The screen (src/pages/403.astro) is rendered for the
 * address asked for: its header, canonical link and support form are that page's (`pageUrl`).
 */
export const onRequest = defineMiddleware((context, next) => {
  if (!refusesMoneyPage(context)) return next();
  markMoneyRefused(context.locals, context.url);
  return next('/403');
});
