import type { APIRoute } from 'astro';
import { sitemapResponse } from '../lib/sitemap.ts';

/** A numbered part of the sitemap's index (/sitemap-1.xml …); none exists while one file holds it all. */
export const GET: APIRoute = (context) => {
  const raw = context.params.part ?? '';
  // One URL per part: /sitemap-01.xml is not /sitemap-1.xml.
  const part = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 0;
  return sitemapResponse(context, part);
};
