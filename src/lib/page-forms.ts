import type { AstroGlobal } from 'astro';

/**
 * Whether this request posts the page's form. Asking it is what lets a page take POST: the build
 * finds the pages that ask (scripts/form-pages.mjs) and lets their POST past the method check;
 * every other page answers GET and HEAD only, with 405 for the rest.
 * @example if (isFormPost(Astro)) { const form = await Astro.request.formData(); … }
 */
export const isFormPost = (Astro: Pick<AstroGlobal, 'request'>) => Astro.request.method === 'POST';
