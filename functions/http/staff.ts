import { type Context, Hono } from 'hono';
import { type Viewer, viewerOf } from '../access/index.ts';
import { analyticsSchemas, reportRange, statsReport } from '../domains/analytics/index.ts';
import { requireLiveSession } from '../domains/auth/index.ts';
import { orderSchemas, refundOrder } from '../domains/billing/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { envelope } from '../lib/errors.ts';
import { sessionFromLive } from '../lib/session-token.ts';
import { validate } from '../lib/validate.ts';
import { texts } from '../shared/texts.ts';
import { apiDoc } from './api-doc.ts';

/**
 * The refunding viewer from the live session, not the token alone: a revoked session refunds
 * nothing (401 `session_ended`), and the profile is the one the session has now (a token issued
 * before a switch to a kid profile still names the adult). A guest stays a guest: not staff, 404.
 */
async function liveStaffViewer(c: Context<AppEnv>): Promise<Viewer> {
  if (!c.var.edge.session.signedIn) return viewerOf(c.var.edge);
  const live = await requireLiveSession(c.var.edge);
  return viewerOf({ ...c.var.edge, session: sessionFromLive(live) });
}

/**
 * `GET /api/staff/stats?from=&to=` (docs/product.md, «What we measure»): the staff report's
 * figures as JSON, the same service as the /staff/stats page. Anyone but staff gets 404
 * (`staff_only`).
 */
export const staffRoutes = new Hono<AppEnv>()
  .get(
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
  )
  /**
   * `POST /api/staff/refunds/` `{ orderId, amount? }` (docs/product.md, «Money»): returns a paid
   * order's whole payment through the acquirer; asking again answers the same refund.
   */
  .post(
    '/refunds',
    apiDoc({
      tag: 'staff',
      summary: 'Возврат оплаты заказа: вся сумма, один раз, только для сотрудников',
      answers: { 200: orderSchemas.refundAnswer },
      errors: {
        401: 'Сессия завершена (выход или отзыв): войдите заново',
        404: 'Не сотрудник (или не вошёл, или на детском профиле), или заказа нет',
        409: 'Заказ не оплачен, это подарок, за этим периодом подписки идёт следующий, или платёжный сервис не принял возврат',
        422: 'Частичный возврат (сумма не равна платежу) или неверный запрос',
        503: 'Платёжный сервис не ответил или ещё проводит возврат: повторите запрос',
      },
    }),
    validate('json', orderSchemas.refundInput),
    async (c) => {
      const refund = await refundOrder(await liveStaffViewer(c), c.req.valid('json'));
      return c.json(orderSchemas.refundAnswer.parse(refund), 200, {
        'Cache-Control': 'private, no-store',
      });
    },
  );
