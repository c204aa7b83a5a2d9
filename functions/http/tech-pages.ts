import { Hono } from 'hono';
import { techPageSchemas as s, techPage } from '../domains/tech-pages/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { texts } from '../shared/texts.ts';
import { apiDoc } from './api-doc.ts';

/** `GET /cms/tech-pages/{faq|contact}/`: the CMS texts behind /faq and /contacts. */
export const techPageRoutes = new Hono<AppEnv>().get(
  '/:slug',
  apiDoc({
    tag: 'tech',
    summary: 'Технические страницы: faq, contact',
    answers: { 200: s.techPage },
    errors: { 404: 'Страница не найдена (tech_page_not_found)' },
  }),
  validate('param', s.slugParam),
  async (c) => {
    const page = await techPage(c.req.valid('param').slug);
    if (!page) throw new ApiError(404, texts.techPageNotFound, 'tech_page_not_found');
    c.header('Cache-Control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    return c.json({ slug: page.slug, title: page.title, lead: page.lead, sections: page.sections });
  },
);
