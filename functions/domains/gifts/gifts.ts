/**
 * Gifts (docs/product.md, «Money», "Gifts"): the giftable subscriptions, choosing one to buy as a
 * gift, accepting a gift by its token, the gifts bought by and for the viewer, and re-sending a
 * gift's e-mail. A gift is accepted once, by one account, never by its buyer: the conditional
 * UPDATE and the grant (`gift:<id>`) are one batch that fails as a whole for every other request.
 */
import { assertMayPay, type Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { siteUrl } from '../../lib/config.ts';
import { base64url } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import { formatRub } from '../../shared/money.ts';
import { accountPageData, deliver, nowSeconds, takeOrThrow } from '../auth/index.ts';
import { accountOf, formatDay, accountBillingTexts as t } from '../billing/index.ts';
import { daysGrantStatements } from '../grants/index.ts';
import { giftLinkMessage } from './gift-mail.ts';
import {
  acceptedGiftOf,
  acceptGiftStatements,
  type GiftProductRow,
  type GiftRow,
  giftById,
  giftByTokenHash,
  giftProducts,
  giftsOf,
  replaceGiftToken,
} from './gifts.repo.ts';

/** Re-sending a gift's e-mail: 3 an hour per gift, 10 a day per buyer. */
export const GIFT_SEND_LIMITS = {
  perGift: { max: 3, seconds: 3600 },
  perBuyer: { max: 10, seconds: 86_400 },
} as const;

/**
 * `gifts.token_hash`: lower-case hex SHA-256 of the token.
 * @example await giftTokenHash('abc') // 'ba7816bf…'
 */
export async function giftTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh random gift token (256 bits, URL-safe). */
export function newGiftToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The link a gift's recipient opens. */
export const giftLink = (token: string) =>
  siteUrl(`/gifts?giftToken=${encodeURIComponent(token)}`).href;

/** A token as it may come in a link: anything else is not looked up. */
const GIFT_TOKEN = /^[\w.~-]{8,200}$/;

export interface GiftProduct {
  tariffId: number;
  tariff: string;
  description: string;
  prices: {
    priceId: number;
    periodDays: number;
    period: string;
    price: number;
    priceText: string;
  }[];
}

function toProducts(rows: GiftProductRow[]): GiftProduct[] {
  const byTariff = new Map<number, GiftProduct>();
  for (const r of rows) {
    const product = byTariff.get(r.tariffId) ?? {
      tariffId: r.tariffId,
      tariff: r.tariffName,
      description: r.description,
      prices: [],
    };
    product.prices.push({
      priceId: r.priceId,
      periodDays: r.periodDays,
      period: t.period(r.periodDays),
      price: r.price,
      priceText: formatRub(r.price),
    });
    byTariff.set(r.tariffId, product);
  }
  return [...byTariff.values()];
}

/** The giftable subscriptions with their periods on sale. */
export async function giftProductList(): Promise<GiftProduct[]> {
  const { results } = await giftProducts(d1()).all<GiftProductRow>();
  return toProducts(results);
}

/**
 * A gift to buy: the tariff and price must be a giftable subscription on sale (else 422, nothing
 * changes). Answers what the purchase-flow cookies carry.
 */
export async function chooseGift(priceId: number): Promise<{ tariffId: number; priceId: number }> {
  const products = await giftProductList();
  const product = products.find((p) => p.prices.some((x) => x.priceId === priceId));
  if (!product)
    throw new ApiError(422, t.giftNotGiftable, 'not_giftable', {}, { field: 'priceId' });
  return { tariffId: product.tariffId, priceId };
}

export interface GiftView {
  id: number;
  tariff: string;
  period: string;
  recipientEmail: string;
  createdAt: string;
  accepted: boolean;
  acceptedAt: string | null;
  /** The viewer bought it (else it was given to them). */
  bought: boolean;
}

function toGiftView(g: GiftRow, accountId: number): GiftView {
  return {
    id: g.id,
    tariff: g.tariffName,
    period: t.period(g.periodDays),
    recipientEmail: g.recipientEmail,
    createdAt: formatDay(g.createdAt),
    accepted: g.acceptedBy !== null,
    acceptedAt: g.acceptedAt === null ? null : formatDay(g.acceptedAt),
    bought: g.buyerAccountId === accountId,
  };
}

async function giftOfToken(token: string): Promise<GiftRow> {
  const row = GIFT_TOKEN.test(token)
    ? await giftByTokenHash(d1(), await giftTokenHash(token)).first<GiftRow>()
    : null;
  if (!row) throw new ApiError(404, t.giftNotFound, 'gift_not_found');
  return row;
}

/** Why this viewer cannot accept this gift, as the API says it; null when they can. */
function refusal(g: GiftRow, accountId: number): ApiError | null {
  if (g.acceptedBy === accountId)
    return new ApiError(409, t.giftAcceptedByYou, 'gift_already_accepted');
  if (g.acceptedBy !== null) return new ApiError(409, t.giftAccepted, 'gift_already_accepted');
  if (g.buyerAccountId === accountId) return new ApiError(409, t.giftOwn, 'gift_own');
  return null;
}

/**
 * What a gift link gives, before the viewer accepts it: 404 for an unknown token; `acceptedBy`
 * says whether it is taken (by this viewer or another).
 */
export async function giftPreview(
  viewer: Viewer,
  token: string,
): Promise<GiftView & { refusal: { status: number; message: string; reason: string } | null }> {
  const accountId = accountOf(viewer);
  const row = await giftOfToken(token);
  const no = refusal(row, accountId);
  return {
    ...toGiftView(row, accountId),
    refusal: no && { status: no.status, message: no.message, reason: no.reason },
  };
}

/**
 * Accepts a gift on the viewer's account: once, whoever else tries at the same moment; never by
 * its buyer. The subscription's days are added where the viewer's running period ends.
 * @example const { gift, grantedTill } = await acceptGift(viewer, token)
 */
export async function acceptGift(
  viewer: Viewer,
  token: string,
): Promise<{ gift: GiftView; grantedTill: number }> {
  assertMayPay(viewer);
  const db = d1();
  const accountId = accountOf(viewer);
  const row = await giftOfToken(token);
  const no = refusal(row, accountId);
  if (no) throw no;
  const now = nowSeconds();
  try {
    await db.batch([
      ...acceptGiftStatements(db, row.id, accountId, now),
      ...daysGrantStatements(db, {
        accountId,
        tariffId: row.tariffId,
        productId: row.productId,
        priceId: row.priceId,
        days: row.periodDays,
        source: 'gift',
        grantKey: `gift:${row.id}`,
        now,
      }),
    ]);
  } catch (e) {
    // Another request took it first: its batch won, this one changed nothing.
    const after = await giftById(db, row.id).first<GiftRow>();
    const taken = after && refusal(after, accountId);
    if (taken) throw taken;
    throw e;
  }
  const till = await acceptedGiftOf(db, accountId, row.id).first<{ grantedTill: number | null }>();
  const accepted = { ...row, acceptedBy: accountId, acceptedAt: now };
  return { gift: toGiftView(accepted, accountId), grantedTill: till?.grantedTill ?? now };
}

/** The gifts the viewer bought and those given to them, newest first. */
export async function giftsFor(
  viewer: Viewer,
): Promise<{ bought: GiftView[]; received: GiftView[] }> {
  const accountId = accountOf(viewer);
  const { results } = await giftsOf(d1(), accountId).all<GiftRow>();
  const views = results.map((g) => toGiftView(g, accountId));
  return { bought: views.filter((g) => g.bought), received: views.filter((g) => !g.bought) };
}

/**
 * Re-sends a gift's e-mail to its recipient with a new link (the old one stops working: only the
 * token's hash is kept, so the first cannot be sent again). Only the buyer, only while it is not
 * accepted; at most 3 an hour per gift and 10 a day per buyer (429 with Retry-After).
 */
export async function resendGift(viewer: Viewer, giftId: number): Promise<void> {
  assertMayPay(viewer);
  const db = d1();
  const accountId = accountOf(viewer);
  const row = await giftById(db, giftId).first<GiftRow>();
  if (!row || row.buyerAccountId !== accountId)
    throw new ApiError(404, t.giftNotFound, 'gift_not_found');
  if (row.acceptedBy !== null) throw new ApiError(409, t.giftAccepted, 'gift_already_accepted');
  const now = nowSeconds();
  await takeOrThrow(
    [
      { key: `gift-send:${giftId}`, ...GIFT_SEND_LIMITS.perGift },
      { key: `gift-send-buyer:${accountId}`, ...GIFT_SEND_LIMITS.perBuyer },
    ],
    now,
  );
  const token = newGiftToken();
  const hash = await giftTokenHash(token);
  const changed = await replaceGiftToken(db, giftId, accountId, hash).run();
  if (changed.meta.changes === 0) throw new ApiError(409, t.giftAccepted, 'gift_already_accepted');
  await deliver(
    giftLinkMessage({
      to: row.recipientEmail,
      tariff: row.tariffName,
      period: t.period(row.periodDays),
      url: giftLink(token),
      idempotencyKey: `gift:${giftId}:${hash.slice(0, 16)}`,
    }),
  );
}

/** /gifts in one round trip: the giftable subscriptions and the viewer's gifts. */
export async function giftsPage(sessionId: string, accountId: number) {
  const page = await accountPageData(sessionId, accountId, (db, id) => [
    giftProducts(db),
    giftsOf(db, id),
  ]);
  if (!page) return null;
  const gifts = (page.results[1]!.results as unknown as GiftRow[]).map((g) =>
    toGiftView(g, accountId),
  );
  return {
    live: page.live,
    products: toProducts(page.results[0]!.results as unknown as GiftProductRow[]),
    bought: gifts.filter((g) => g.bought),
    received: gifts.filter((g) => !g.bought),
  };
}

/** /gifts/success: the gift the viewer accepted (the latest when none is named). */
export function giftSuccessPage(giftId: number | null) {
  return async (sessionId: string, accountId: number) => {
    const page = await accountPageData(sessionId, accountId, (db, id) => [
      acceptedGiftOf(db, id, giftId),
    ]);
    if (!page) return null;
    const g = page.results[0]!.results[0] as
      | { id: number; tariff: string; periodDays: number; grantedTill: number | null }
      | undefined;
    return {
      live: page.live,
      gift: g
        ? {
            id: g.id,
            tariff: g.tariff,
            period: t.period(g.periodDays),
            till: g.grantedTill === null ? null : t.paidUpTo(formatDay(g.grantedTill)),
          }
        : null,
    };
  };
}
