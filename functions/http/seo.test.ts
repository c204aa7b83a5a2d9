import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

describe('GET /cms/seo-texts/', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM seo_texts');
  });

  it('answers empty overrides for a path the CMS has no texts for', async () => {
    const res = await call('/cms/seo-texts/?path=/movies');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      path: '/movies',
      title: null,
      description: null,
      noindex: false,
      jsonLd: [],
    });
  });

  it('answers the stored overrides, with and without a trailing slash', async () => {
    await env.DB.prepare(
      'INSERT INTO seo_texts (path, title, description, noindex, json_ld) VALUES (?, ?, ?, 1, ?)',
    )
      .bind('/info/tos', 'Оферта', 'Условия', JSON.stringify([{ '@type': 'WebPage' }]))
      .run();
    for (const path of ['/info/tos', '/info/tos/']) {
      const body = await (await call(`/cms/seo-texts/?path=${encodeURIComponent(path)}`)).json();
      expect(body).toEqual({
        path: '/info/tos',
        title: 'Оферта',
        description: 'Условия',
        noindex: true,
        jsonLd: [{ '@type': 'WebPage' }],
      });
    }
  });

  it('refuses more than three structured-data blocks at the database', async () => {
    const four = JSON.stringify([{}, {}, {}, {}]);
    await expect(
      env.DB.prepare("INSERT INTO seo_texts (path, json_ld) VALUES ('/x', ?)").bind(four).run(),
    ).rejects.toThrow(/CHECK/);
  });

  it('answers 422 in Russian for a path that is not a site path', async () => {
    for (const query of ['', '?path=https://evil.example']) {
      const res = await call(`/cms/seo-texts/${query}`);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { message: string; details: { reason: string } };
      expect(body.details.reason).toBe('invalid_query');
      expect(body.message).toMatch(/[а-яё]/i);
    }
  });
});
