import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { TECH_PAGE_SLUGS } from './repo.ts';

/** The tech pages' request and answer schemas (`GET /cms/tech-pages/{faq|contact}/`). */

export const slugParam = z.object({ slug: z.enum(TECH_PAGE_SLUGS) });

/** A section of a tech page: a heading and its questions (faq) or blocks (contacts). */
export const techPageSection = z.object({
  heading: z.string(),
  items: z.array(z.object({ title: z.string(), body: z.string() })),
});

export const techPage = z.object({
  slug: z.string(),
  title: z.string(),
  lead: z.string().nullable(),
  sections: z.array(techPageSection),
});

export type TechPageSection = z.infer<typeof techPageSection>;
