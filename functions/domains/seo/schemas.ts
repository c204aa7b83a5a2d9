import { z } from 'zod';
import '../../lib/zod-messages.ts';

/** The SEO texts' request and answer schemas (`GET /cms/seo-texts/?path=`). */

export const seoQuery = z.object({ path: z.string().startsWith('/').max(2048) });

/** A path's overrides of its page's title, description, indexing and structured data. */
export const seoText = z.object({
  path: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  noindex: z.boolean(),
  jsonLd: z.array(z.looseObject({})),
});

export type SeoText = z.infer<typeof seoText>;
