import { d1 } from '../../../db/client.ts';
import { run } from '../../../db/run.ts';
import { config, siteUrl } from '../../../lib/config.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { logger } from '../../../lib/log.ts';
import { milesStatement } from '../../aeroflot/index.ts';
import { type GrantTariff, grantStatements } from '../../grants/index.ts';
import { messageSender, outboxStatement, templates } from '../../messages/index.ts';
import {
  promoRedemptionStatements,
  promoReleaseStatements,
  promoTakeBackStatement,
} from '../../promo/index.ts';
import { receiptBody, receiptMail, receiptStatements } from '../receipts/index.ts';
import { kopecksOf } from '../shared/index.ts';
import type { FiscalData, ProviderPayment } from './acquirer.ts';
import {
  giftStatement,
  orderCanceledStatement,
  orderFacts,
  orderSucceededStatement,
  paymentStatement,
  renewedSubscription,
  retentionOfferSpent,
  saveMethodStatement,
  subscriptionRenewsWith,
} from './confirm.repo.ts';
import { offerReleaseStatement, offerTakeBackStatement } from './offer-claims.repo.ts';
import { describeOrder, type OrderRow, orderById, orderByPayment } from './order-repo.ts';
import { methodOfAcquirer, PAYMENT_METHODS } from './payment-methods.ts';
import { paymentProvider } from './provider.ts';
import { renewalFailedStatements } from './renewal-state.ts';

/**
 * Confirming an order (docs/product.md, «Money»): the acquirer's payment is read again and only
 * what it says counts. A succeeded payment records the order's payment, grant, saved method,
 * receipt and e-mails in ONE batch; each row is keyed by the order, and the counters move only
 * while the order is still pending, so however many confirmations run at once the order grants
 * once. A finished order never changes again.
 */

const now = () => Math.floor(Date.now() / 1000);

/** The order's status after reading its payment again (unchanged while the payment is pending). */
export async function confirmOrder(orderId: string, at = now()): Promise<OrderRow | null> {
  const order = await orderById(orderId);
  if (order?.status !== 'pending' || !order.provider_payment_id) return order;
  const provider = paymentProvider();
  const payment = await provider.getPayment(order.provider_payment_id);
  if (!payment) return order;
  // A payment that is not this order's (another amount, another order) grants nothing.
  if (payment.metadata?.orderId !== order.id || kopecksOf(payment.amount.value) !== order.amount) {
    logger.error('billing.payment_mismatch', { orderId: order.id });
    return order;
  }
  if (payment.status === 'succeeded') {
    const fiscal = await provider.fiscalData(payment.id).catch(() => null);
    await recordSuccess(order, payment, fiscal, at);
  } else if (payment.status === 'canceled') {
    await recordCancel(order, payment.cancellation_details?.reason ?? 'general_decline', at);
  }
  return orderById(orderId);
}

/**
 * A notification from the acquirer: a hint naming a payment, nothing more. The payment is read
 * back and its order confirmed from what the acquirer says now.
 */
export async function handleNotification(body: unknown): Promise<'confirmed' | 'ignored'> {
  const id = (body as { object?: { id?: unknown } } | null)?.object?.id;
  if (typeof id !== 'string' || id.length > 64) return 'ignored';
  const order = await orderByPayment(id);
  if (!order) return 'ignored';
  await confirmOrder(order.id);
  return 'confirmed';
}

interface OrderFacts {
  tariff: GrantTariff;
  name: string;
  vatRate: number;
  contact: string | null;
  subscriptionId: number | null;
}

async function factsOf(o: OrderRow, name: Promise<string>): Promise<OrderFacts> {
  const row = await run(orderFacts(d1(), o));
  if (!row) throw new Error('billing: an order names a tariff that is gone');
  return {
    tariff: {
      tariffId: o.tariff_id,
      productId: row.productId,
      buyType: row.buyType,
      priceId: o.price_id,
      days: row.offerDays ?? row.days,
      rentalStartSeconds: row.rental,
    },
    name: await name,
    vatRate: row.vatRate,
    contact: row.contact,
    subscriptionId: row.subscriptionId,
  };
}

/** Lower-case hex SHA-256: how `gifts.token_hash` keeps a gift's token. */
async function hexSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function recordSuccess(
  o: OrderRow,
  p: ProviderPayment,
  fiscal: FiscalData | null,
  at: number,
) {
  const d = d1();
  const f = await factsOf(o, describeOrder(o));
  const method = p.payment_method;
  const saveMethod = o.recurring_consent === 1 && method?.saved === true;
  // An unknown method on record as a card, as the acquirer's cards are the usual case.
  const known = methodOfAcquirer(method?.type) ?? PAYMENT_METHODS.bank_card;
  const methodTitle =
    known.card && method?.card ? `${method.card.card_type} •••• ${method.card.last4}` : known.label;
  // The saved method is found by the acquirer's id; a payment without a method finds none.
  const saved = { provider: o.provider, providerMethodId: method?.id ?? '' };
  const statements: D1PreparedStatement[] = [];

  // A superseded order paid after all takes back the use and the claim it gave to the order that
  // replaced it (supersede.ts): the one paid for holds them, so neither reads as unused again.
  // That order, paid too, still grants what it sold; it counts no second use.
  if (o.promo_code) statements.push(promoTakeBackStatement(d, o.promo_code, o.account_id, o.id));
  if (o.offer_id !== null)
    statements.push(
      offerTakeBackStatement(d, { accountId: o.account_id, tariffId: o.tariff_id, orderId: o.id }),
    );
  // The redemption and its use, by the promo codes' own rule (the promo domain), while the order is pending.
  if (o.promo_code)
    statements.push(...promoRedemptionStatements(d, o.promo_code, o.account_id, at, o.id));
  if (o.kind === 'renewal' && o.subscription_id)
    // A retention offer pays for its own period once, then renewals return to the price list.
    statements.push(
      retentionOfferSpent(d, {
        subscriptionId: o.subscription_id,
        offerId: o.offer_id,
        orderId: o.id,
      }),
    );
  if (saveMethod && method)
    statements.push(
      saveMethodStatement(d, {
        accountId: o.account_id,
        provider: o.provider,
        providerMethodId: method.id,
        kind: method.type,
        title: methodTitle,
        cardLast4: method.card?.last4 ?? null,
        cardBrand: method.card?.card_type ?? null,
        expiry: method.card
          ? `${method.card.expiry_month}/${method.card.expiry_year.slice(-2)}`
          : null,
        now: at,
      }),
    );
  // The payment earns miles on the account's Aeroflot card, if it has one.
  statements.push(
    milesStatement(d, { orderId: o.id, accountId: o.account_id, amount: o.amount, now: at }),
  );
  const finishing = statements.length;
  statements.push(
    orderSucceededStatement(d, { orderId: o.id, ...saved, now: at }),
    paymentStatement(d, {
      orderId: o.id,
      accountId: o.account_id,
      amount: o.amount,
      providerPaymentId: p.id,
      methodTitle,
      now: at,
    }),
  );
  if (o.kind !== 'gift') {
    statements.push(
      ...grantStatements(d, {
        accountId: o.account_id,
        tariff: f.tariff,
        titleId: o.title_id,
        source: o.kind === 'renewal' ? 'renewal' : 'payment',
        grantKey: `order:${o.id}`,
        paymentMethodId: null,
        now: at,
      }),
    );
    if (saveMethod && f.tariff.buyType === 'SVOD')
      statements.push(
        subscriptionRenewsWith(d, { accountId: o.account_id, tariffId: o.tariff_id, ...saved }),
      );
  }
  const body = f.contact
    ? receiptBody({
        name: f.name,
        amount: o.amount,
        vatRate: f.vatRate,
        paidAt: at,
        contact: f.contact,
        siteOrigin: config().siteOrigin,
        fiscal,
      })
    : null;
  if (body)
    statements.push(
      ...receiptStatements(d, { orderId: o.id, accountId: o.account_id, body, now: at }),
    );
  let giftMail: ReturnType<typeof templates.email> | null = null;
  if (o.kind === 'gift' && o.gift_email) {
    const token = randomToken(32);
    giftMail = templates.email(
      { channel: 'email', to: o.gift_email, idempotencyKey: `gift:${o.id}` },
      'gift_received',
      'Вам подарили подписку',
      [
        `Вам подарили: ${f.name.replace(/ \(подарок\)$/, '')}.`,
        'Чтобы принять подарок, откройте ссылку и войдите или зарегистрируйтесь:',
        { text: 'Принять подарок', href: siteUrl(`/gifts?giftToken=${token}`).href },
      ],
    );
    statements.push(
      giftStatement(d, {
        orderId: o.id,
        tokenHash: await hexSha256(token),
        buyerAccountId: o.account_id,
        tariffId: o.tariff_id,
        priceId: o.price_id,
        recipientEmail: o.gift_email,
        now: at,
      }),
      outboxStatement(d, giftMail),
    );
  }
  const results = await d.batch(statements);
  const finished = (results[finishing]?.meta.changes ?? 0) > 0;
  // Outside development the outbox row is the record; the gateway gets the message from the one
  // confirmation that finished the order (its key makes a retried send deliver once).
  if (finished && config().mail.provider === 'http') {
    const mails = [body && receiptMail(o.id, body), giftMail].filter((m) => m !== null);
    await Promise.all(
      mails.map((m) =>
        messageSender()
          .send(m)
          .catch(() => undefined),
      ),
    );
  }
}

/** Cancels a pending order; a renewal's counts as a failed charge (retry, grace or the end). */
export async function recordCancel(o: OrderRow, reason: string, at: number) {
  const d = d1();
  const sub =
    o.kind === 'renewal' && o.subscription_id
      ? await run(renewedSubscription(d, o.subscription_id))
      : undefined;
  const statements = [
    ...(sub
      ? renewalFailedStatements(d, {
          subscriptionId: sub.id,
          orderId: o.id,
          now: at,
          contact: sub.contact,
          tariffName: sub.name,
          grantedTill: sub.grantedTill,
        })
      : []),
    // What the order reserved at placement is given back, while it is still pending: once.
    ...(o.promo_code ? promoReleaseStatements(d, o.promo_code, o.account_id, o.id) : []),
    offerReleaseStatement(d, o.id),
    orderCanceledStatement(d, { orderId: o.id, reason, now: at }),
  ];
  await d.batch(statements);
}
