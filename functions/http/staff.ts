import { Hono } from 'hono';
import { viewerOf } from '../access/index.ts';
import { analyticsSchemas, reportRange, statsReport } from '../domains/analytics/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { envelope } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { texts } from '../shared/texts.ts';
import { apiDoc } from './api-doc.ts';

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
    answers: { 200: analyticsSchemas.statsAnswer },
    errors: { 404: 'Не сотрудник (или не вошёл): отчёта для него нет' },
  }),
  validate('query', analyticsSchemas.rangeQuery),
  async (c) => {
    const { from, to } = c.req.valid('query');
    const report = await statsReport(viewerOf(c.var.edge), reportRange(from ?? null, to ?? null));
    // The address is in the API's document anyway: the reason says why, the status stays 404.
    if (!report) return c.json(envelope(texts.notFound, 'staff_only'), 404);
    return c.json(analyticsSchemas.statsAnswer.parse(report), 200, {
      'Cache-Control': 'private, no-store',
    });
  },
);
