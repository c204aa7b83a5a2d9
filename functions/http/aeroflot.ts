import { type Context, Hono } from 'hono';
import type { Viewer } from '../access/index.ts';
import {
  aeroflotCard,
  attachAeroflotCard,
  detachAeroflotCard,
  aeroflotSchemas as schema,
} from '../domains/aeroflot/index.ts';
import { requireLiveSession } from '../domains/auth/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import { apiDoc, INVALID, KID_MONEY } from './api-doc.ts';

/**
 * The Aeroflot card under /billing/aeroflot-card (docs/product.md, «Money»): the account's
 * Aeroflot Bonus number, read, attached and detached; the same service as /settings/aeroflot.
 */

async function member(c: Context<AppEnv>): Promise<Viewer> {
  const live = await requireLiveSession(c.var.edge);
  return { ...requestViewer(c), account: String(live.accountId), profile: String(live.userId) };
}

const NO_STORE = { 'Cache-Control': 'no-store' };
const tag = 'billing-account';

export const aeroflotRoutes = new Hono<AppEnv>()
  .get(
    '/',
    apiDoc({
      tag,
      auth: true,
      summary: 'Карта «Аэрофлот Бонус» аккаунта: номер участника или null',
      answers: { 200: schema.cardAnswer },
      errors: { 403: KID_MONEY },
    }),
  )
  .get('/', async (c) => c.json(await aeroflotCard(await member(c)), 200, NO_STORE))
  .post(
    '/',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Привязать номер участника «Аэрофлот Бонус» (заменяет прежний): программа сверяет номер и фамилию участника',
      answers: { 200: schema.cardAnswer },
      errors: {
        403: KID_MONEY,
        409: 'Номер и фамилия верны, но номер привязан к другому аккаунту (aeroflot_number_taken)',
        422: `${INVALID}: не номер или не фамилия латиницей (invalid_field), или участника с таким номером и фамилией нет (aeroflot_member_not_found)`,
        429: 'Слишком много попыток привязать карту (rate_limited, Retry-After)',
        503: 'Программа не отвечает (aeroflot_unavailable)',
      },
    }),
  )
  .post('/', validate('json', schema.attachBody), async (c) =>
    c.json(await attachAeroflotCard(await member(c), c.req.valid('json')), 200, NO_STORE),
  )
  .delete(
    '/',
    apiDoc({
      tag,
      auth: true,
      summary: 'Отвязать карту «Аэрофлот Бонус»',
      answers: { 200: schema.cardAnswer },
      errors: { 403: KID_MONEY, 404: 'Карта не привязана (aeroflot_card_not_found)' },
    }),
  )
  .delete('/', async (c) => {
    const viewer = await member(c);
    await detachAeroflotCard(viewer);
    return c.json(await aeroflotCard(viewer), 200, NO_STORE);
  });
