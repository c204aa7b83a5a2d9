import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { ACQUIRER_METHOD_TYPES, kopecksOf, methodOfAcquirer } from '../../domains/billing/index.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';

import { notFoundResponse } from '../../lib/errors.ts';
import { SANDBOX_3DS_CODE, SANDBOX_BASE, testCard } from './constants.ts';
import { notifyLater, sendNotification } from './notify.ts';
import { cardPage, donePage, sbpPage, threeDsPage } from './pages.ts';
import { shopApi } from './refunds.ts';
import {
  findByKey,
  findPayment,
  findSavedMethod,
  finishPayment,
  insertPayment,
  type SandboxRow,
  toPayment,
} from './repo.ts';
import { amountSchema, apiError, itemsTotal, receiptSchema, shopAuth } from './shop-api.ts';

/**
 * The sandbox acquirer (development and tests, DEV_ROUTES only): YooKassa's API v3 for the shop
 * and the pages a payer sees.
 * - `POST /v3/payments` (Basic auth, Idempotence-Key), `GET /v3/payments/{id}`; the list, capture,
 *   refunds and receipts in refunds.ts; any other `/v3` path is YooKassa's 404 error object
 * - `GET|POST /checkout/{id}`: the card page; `GET|POST /checkout/{id}/3ds`: the bank's code page
 * - `GET|POST /sbp/{id}`: what the bank app shows once the SBP QR is scanned
 * - `POST /api/notify` `{ paymentId, event? }`: sends a notification now (any event, for tests)
 */

const devOnly = createMiddleware<AppEnv>(async (c, next) =>
  config().devRoutes ? next() : notFoundResponse(c),
);

const createBody = z.object({
  amount: amountSchema,
  description: z.string().max(128).default(''),
  // The sandbox captures at once, as our shop asks (two-stage payments are not simulated).
  capture: z
    .literal(true, { error: 'Песочница проводит только платежи с capture: true' })
    .optional(),
  payment_method_data: z.object({ type: z.enum(ACQUIRER_METHOD_TYPES) }).optional(),
  payment_method_id: z.string().optional(),
  save_payment_method: z.boolean().default(false),
  confirmation: z
    .object({ type: z.enum(['redirect', 'qr']), return_url: z.string().optional() })
    .optional(),
  metadata: z.record(z.string(), z.string()).default({}),
  receipt: receiptSchema.optional(),
});

const now = () => Math.floor(Date.now() / 1000);

/** A card payment: its page takes the card's details. */
const isCard = (row: SandboxRow | null): row is SandboxRow =>
  methodOfAcquirer(row?.method_type)?.card === true;
/** A payment by QR code: its page is what the bank app shows once the code is scanned. */
const isQr = (row: SandboxRow | null): row is SandboxRow =>
  methodOfAcquirer(row?.method_type)?.confirmation === 'qr';

/** A saved method charged without the payer: the card's own rule decides at once. */
async function chargeSaved(row: SandboxRow, saved: SandboxRow) {
  const card = saved.card_number ? testCard(saved.card_number) : undefined;
  const ok = !card || card.later === 'success';
  await finishPayment(
    row.id,
    ok
      ? { status: 'succeeded' }
      : { status: 'canceled', party: 'payment_network', reason: 'insufficient_funds' },
    now(),
  );
  const done = (await findPayment(row.id))!;
  notifyLater(ok ? 'payment.succeeded' : 'payment.canceled', toPayment(done));
  return done;
}

async function finishAndReturn(
  id: string,
  outcome: Parameters<typeof finishPayment>[1],
): Promise<string> {
  const before = await findPayment(id);
  if (await finishPayment(id, outcome, now())) {
    const done = (await findPayment(id))!;
    notifyLater(
      done.status === 'succeeded' ? 'payment.succeeded' : 'payment.canceled',
      toPayment(done),
      before ? toPayment(before) : undefined,
    );
  }
  return (await findPayment(id))?.return_url ?? '/';
}

const cardForm = z.object({
  number: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
  action: z.string().optional(),
});

/**
 * PAYMENT_SANDBOX_STALL_MS: the sandbox's API answers this late (off unless set), as an acquirer
 * under load does; it still does the work, so a caller that gave up may find the payment made.
 */
const stall = createMiddleware<AppEnv>(async (_c, next) => {
  const ms = Number((env as unknown as Record<string, unknown>).PAYMENT_SANDBOX_STALL_MS) || 0;
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  await next();
});

export const sandboxApp = new Hono<AppEnv>({ strict: false })
  .basePath(SANDBOX_BASE)
  .use('*', devOnly)
  .use('/v3/*', stall)
  .post('/v3/payments', shopAuth, async (c) => {
    const key = c.req.header('idempotence-key');
    if (!key) return c.json(apiError('invalid_request', 'Нужен Idempotence-Key'), 400);
    const known = await findByKey(key);
    if (known) return c.json(toPayment(known));
    const parsed = createBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json(apiError('invalid_request', parsed.error.message), 400);
    const b = parsed.data;
    // The sandbox's shop registers receipts (54-FZ), as ours does: a payment without one is refused.
    if (!b.receipt) return c.json(apiError('invalid_request', 'Нужен чек (receipt)'), 400);
    if (itemsTotal(b.receipt, kopecksOf) !== kopecksOf(b.amount.value))
      return c.json(apiError('invalid_request', 'Сумма позиций чека не равна сумме платежа'), 400);
    const saved = b.payment_method_id ? await findSavedMethod(b.payment_method_id) : null;
    if (b.payment_method_id && !saved)
      return c.json(apiError('invalid_request', 'Способ оплаты не сохранён'), 400);
    if (!saved && !b.payment_method_data)
      return c.json(apiError('invalid_request', 'Нужен payment_method_data'), 400);
    const type = saved ? saved.method_type : b.payment_method_data!.type;
    const row = await insertPayment(
      {
        id: crypto.randomUUID(),
        idempotence_key: key,
        status: 'pending',
        amount: kopecksOf(b.amount.value),
        description: b.description,
        method_type: type,
        method_id: saved ? saved.method_id : crypto.randomUUID(),
        save_method: saved || b.save_payment_method ? 1 : 0,
        method_saved: saved ? 1 : 0,
        card_last4: saved?.card_last4 ?? null,
        card_type: saved?.card_type ?? null,
        expiry_month: saved?.expiry_month ?? null,
        expiry_year: saved?.expiry_year ?? null,
        card_number: saved?.card_number ?? null,
        confirmation_type: saved ? null : (b.confirmation?.type ?? 'redirect'),
        return_url: b.confirmation?.return_url ?? null,
        metadata: JSON.stringify(b.metadata),
        cancel_party: null,
        cancel_reason: null,
        created_at: now(),
        paid_at: null,
      },
      b.receipt,
    );
    if (saved && row.status === 'pending') return c.json(toPayment(await chargeSaved(row, saved)));
    return c.json(toPayment(row));
  })
  .get('/v3/payments/:id', shopAuth, async (c) => {
    const row = await findPayment(c.req.param('id'));
    if (!row) return c.json(apiError('not_found', 'Платёж не найден'), 404);
    return c.json(toPayment(row));
  })
  .route('/v3', shopApi)
  .get('/checkout/:id', async (c) => {
    const row = await findPayment(c.req.param('id'));
    if (!isCard(row)) return notFoundResponse(c);
    return c.html(row.status === 'pending' ? cardPage(row) : donePage(row));
  })
  .post('/checkout/:id', async (c) => {
    const row = await findPayment(c.req.param('id'));
    if (!isCard(row)) return notFoundResponse(c);
    if (row.status !== 'pending') return c.redirect(row.return_url ?? '/', 303);
    const form = cardForm.parse(Object.fromEntries(await c.req.formData()));
    if (form.action === 'cancel')
      return c.redirect(
        await finishAndReturn(row.id, {
          status: 'canceled',
          party: 'yoo_money',
          reason: 'expired_on_confirmation',
        }),
        303,
      );
    const card = testCard(form.number);
    const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry);
    const problem = !card
      ? 'Это не тестовая карта песочницы: выберите одну из списка ниже.'
      : !expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12
        ? 'Срок действия — в виде ММ/ГГ, например 12/30.'
        : !/^\d{3}$/.test(form.cvc)
          ? 'CVC — три цифры с обратной стороны карты.'
          : null;
    if (problem || !card || !expiry) return c.html(cardPage(row, problem, form), 422);
    const details = {
      number: card.number,
      last4: card.number.slice(-4),
      type: card.brand,
      month: expiry[1]!,
      year: `20${expiry[2]}`,
    };
    if (card.first.outcome === '3ds') {
      // The bank's page carries the card on (the sandbox keeps no card until the payment ends).
      return c.redirect(`${SANDBOX_BASE}/checkout/${row.id}/3ds?card=${card.number}`, 303);
    }
    const outcome =
      card.first.outcome === 'success'
        ? ({ status: 'succeeded', card: details } as const)
        : ({
            status: 'canceled',
            party: 'issuer',
            reason: card.first.reason,
            card: details,
          } as const);
    return c.redirect(await finishAndReturn(row.id, outcome), 303);
  })
  .get('/checkout/:id/3ds', async (c) => {
    const row = await findPayment(c.req.param('id'));
    if (!row) return notFoundResponse(c);
    if (row.status !== 'pending') return c.html(donePage(row));
    return c.html(threeDsPage(row, c.req.query('card') ?? ''));
  })
  .post('/checkout/:id/3ds', async (c) => {
    const row = await findPayment(c.req.param('id'));
    if (!row) return notFoundResponse(c);
    if (row.status !== 'pending') return c.redirect(row.return_url ?? '/', 303);
    const form = await c.req.formData();
    const card = testCard(String(form.get('card') ?? ''));
    if (!card) return c.redirect(`${SANDBOX_BASE}/checkout/${row.id}`, 303);
    const details = {
      number: card.number,
      last4: card.number.slice(-4),
      type: card.brand,
      month: '12',
      year: '2030',
    };
    const ok = String(form.get('code') ?? '').trim() === SANDBOX_3DS_CODE;
    return c.redirect(
      await finishAndReturn(
        row.id,
        ok
          ? { status: 'succeeded', card: details }
          : { status: 'canceled', party: 'issuer', reason: '3d_secure_failed', card: details },
      ),
      303,
    );
  })
  .get('/sbp/:id', async (c) => {
    const row = await findPayment(c.req.param('id'));
    if (!isQr(row)) return notFoundResponse(c);
    return c.html(row.status === 'pending' ? sbpPage(row) : donePage(row));
  })
  .post('/sbp/:id', async (c) => {
    const row = await findPayment(c.req.param('id'));
    if (!isQr(row)) return notFoundResponse(c);
    const form = await c.req.formData();
    const ok = form.get('decision') === 'pay';
    await finishAndReturn(
      row.id,
      ok
        ? { status: 'succeeded' }
        : { status: 'canceled', party: 'payment_network', reason: 'rejected_by_payee' },
    );
    return c.html(donePage((await findPayment(row.id))!));
  })
  .post('/api/notify', async (c) => {
    const body = z
      .object({ paymentId: z.string(), event: z.string().default('') })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json(apiError('invalid_request', 'Нужен paymentId'), 422);
    const row = await findPayment(body.data.paymentId);
    if (!row) return c.json(apiError('not_found', 'Платёж не найден'), 404);
    const event =
      body.data.event ||
      (row.status === 'succeeded' ? 'payment.succeeded' : `payment.${row.status}`);
    // The object says what the event says (a forged or stale notification); the site re-reads.
    const status = event.replace(/^payment\./, '') as SandboxRow['status'];
    const webhook = await sendNotification(event, toPayment({ ...row, status }));
    return c.json({ webhook });
  });
