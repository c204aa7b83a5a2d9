import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, RETURNING } from '../test-helpers.ts';

describe('GET /cms/tech-pages/{slug}/', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM tech_pages');
  });

  it('answers the CMS page with and without the trailing slash, cacheable', async () => {
    const sections = [{ heading: 'Оплата', items: [{ title: 'Как оплатить?', body: 'Картой.' }] }];
    await env.DB.prepare('INSERT INTO tech_pages (slug, title, lead, sections) VALUES (?, ?, ?, ?)')
      .bind('faq', 'Вопросы', 'Ответы', JSON.stringify(sections))
      .run();
    for (const path of ['/cms/tech-pages/faq/', '/cms/tech-pages/faq']) {
      const res = await call(path, { headers: RETURNING });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('s-maxage');
      expect(await res.json()).toEqual({ slug: 'faq', title: 'Вопросы', lead: 'Ответы', sections });
    }
  });

  it('answers 404 in the envelope while the CMS has no such page', async () => {
    const res = await call('/cms/tech-pages/contact/');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Страница не найдена',
      details: { reason: 'tech_page_not_found' },
    });
  });

  it('answers 422 in Russian for a slug that is not a tech page', async () => {
    const res = await call('/cms/tech-pages/admin/');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; details: { reason: string } };
    expect(body.details.reason).toBe('invalid_param');
    expect(body.message).toMatch(/[а-яё]/i);
  });
});
