import type { APIRoute } from 'astro';
import { sitemapResponse } from '../lib/sitemap.ts';

/**
 * sitemap.xml: every page search engines should know that the requester may open, with when its
 * content last changed; an index of numbered parts once they outgrow one file (src/lib/sitemap.ts).
 */
export const GET: APIRoute = (context) => sitemapResponse(context, null);
