import { Hono } from 'hono';
import { z } from 'zod';
import { viewerOf } from '../access/index.ts';
import { reportRange, statsReport } from '../domains/analytics/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { envelope } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { texts } from '../shared/texts.ts';
import { apiDoc } from './api-doc.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в виде ГГГГ-ММ-ДД');
const rangeQuery = z.object({ from: day.optional(), to: day.optional() });

const count = z.number().int().nonnegative();
const statsAnswer = z.object({
  range: z.object({ from: day, to: day }),
  days: z.array(z.object({ day, pageViews: count, views: count })),
  titles: z.array(z.object({ id: count, name: z.string(), views: count, pageViews: count })),
  pageTypes: z.array(z.object({ pageType: z.string(), pageViews: count })),
  sources: z.array(
    z.object({ source: z.string(), pageViews: count, views: count, visitors: count }),
  ),
  totals: z.object({ pageViews: count, views: count }),
});

/**
 * `GET /api/staff/stats?from=&to=` (docs/product.md, «What we measure»): the staff report's
 * figures as JSON, the same service as the /staff/stats page. Anyone but staff gets 404
 * (`staff_only`).
 */
export const staffRoutes = new Hono<AppEnv>().get(
  '/stats',
  apiDoc({
    tag: 'staff',
    summary: 'Отчёт для сотрудников: события по дням, тайтлы, типы страниц, источники',
    answers: { 200: statsAnswer },
    errors: { 404: 'Не сотрудник (или не вошёл): отчёта для него нет' },
  }),
  validate('query', rangeQuery),
  async (c) => {
    const { from, to } = c.req.valid('query');
    const report = await statsReport(viewerOf(c.var.edge), reportRange(from ?? null, to ?? null));
    // The address is in the API's document anyway: the reason says why, the status stays 404.
    if (!report) return c.json(envelope(texts.notFound, 'staff_only'), 404);
    return c.json(statsAnswer.parse(report), 200, { 'Cache-Control': 'private, no-store' });
  },
);
