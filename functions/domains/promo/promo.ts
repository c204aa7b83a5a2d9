/**
 * Promo codes and vouchers (docs/product.md, «Money»): a code grants days of a subscription at
 * once, or a discount on the first period that the payment flow applies. Each account redeems a
 * code once, and a code with N uses is redeemed at most N times however many requests arrive at
 * once: the redemption row (primary key code + account) and the `used` counter (CHECK used <=
 * max_uses) are written in the same batch as the grant, so a losing request's batch fails as a
 * whole and grants nothing.
 */

import { assertMayPay, type Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { SECONDS } from '../../shared/ru.ts';
import { nowSeconds, pseudonym, takeOrThrow } from '../auth/index.ts';
import { daysGrantStatements } from '../grants/index.ts';
import { type PromoRow, readPromoCode, strictRedemption } from './promo.repo.ts';
import type { PromoResult } from './schemas.ts';
import { promoTexts } from './texts.ts';

/** Guessing codes runs out fast: attempts per account and per IP in 10 minutes. */
const PROMO_LIMITS = {
  perAccount: { max: 10, seconds: 10 * SECONDS.minute },
  perIp: { max: 30, seconds: 10 * SECONDS.minute },
} as const;

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/**
 * A typed code as stored: trimmed, without inner spaces, upper case; null when it cannot be one.
 * @example normalizePromoCode('  amedia30 ') // 'AMEDIA30'
 */
export function normalizePromoCode(raw: string): string | null {
  const code = raw.trim().replace(/\s+/g, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** A refusal with the popup's fields in `details`, so the API and the page show the same popup. */
function refused(status: 401 | 404 | 409 | 422, message: string, reason: string): ApiError {
  return new ApiError(
    status,
    message,
    reason,
    {},
    {
      title: promoTexts.failedTitle,
      description: message,
      buttonText: promoTexts.failedButton,
      success: false,
    },
  );
}

/** Why a code cannot be taken now by this account, or null when it can. */
function refusal(row: PromoRow | null, now: number): ApiError | null {
  if (!row) return refused(404, promoTexts.notFound, 'promo_not_found');
  if (row.mine) return refused(409, promoTexts.alreadyYours, 'promo_already_redeemed');
  if (now < row.validFrom) return refused(409, promoTexts.notStarted, 'promo_not_started');
  if (now >= row.validTill) return refused(409, promoTexts.expired, 'promo_expired');
  if (row.used >= row.maxUses) return refused(409, promoTexts.usedUp, 'promo_used_up');
  return null;
}

async function checkedCode(
  accountId: number,
  raw: string,
  now: number,
  releasing: readonly string[] = [],
): Promise<PromoRow> {
  const code = normalizePromoCode(raw);
  if (!code) throw refused(422, promoTexts.format, 'invalid_field');
  const row = await readPromoCode(d1(), code, accountId, releasing);
  const no = refusal(row, now);
  if (no) throw no;
  return row!;
}

const resultOf = (row: PromoRow): PromoResult => ({
  success: true,
  code: row.code,
  kind: row.days !== null ? 'days' : 'discount',
  title: row.title,
  description: row.description,
  buttonText: row.buttonText,
  href:
    row.days !== null
      ? '/'
      : `/paywall/${encodeURIComponent(row.paywallSlug ?? 'default')}?promo=${encodeURIComponent(row.code)}`,
  days: row.days,
  discountPercent: row.discountPercent,
});

/**
 * A signed-in viewer activates a code or voucher (/activate, `POST /billing/vouchers/apply/`).
 * Days are granted at once, one batch with the redemption; a discount only leads on to the
 * paywall with `promo=<code>`, where the order applies it (and records the redemption when paid).
 * Throws the popup's refusal: 401, 422 (not a code), 404 (unknown), 409 (not yet or no longer
 * valid, used up, already yours), 429 (too many attempts).
 */
export async function redeemPromoCode(
  viewer: Pick<Viewer, 'account' | 'ip' | 'isKid'>,
  raw: string,
  now = nowSeconds(),
): Promise<PromoResult> {
  if (!viewer.account) throw refused(401, promoTexts.signIn, 'unauthorized');
  assertMayPay(viewer);
  const accountId = Number(viewer.account);
  await takePromoAttempt(viewer, now);
  const row = await checkedCode(accountId, raw, now);
  if (row.days === null) return resultOf(row);
  if (row.buyType !== 'SVOD' || row.priceId === null)
    throw refused(409, promoTexts.unsupported, 'promo_unsupported');
  const db = d1();
  try {
    await db.batch([
      ...strictRedemption(db, row.code, accountId, now),
      ...daysGrantStatements(db, {
        accountId,
        tariffId: row.tariffId,
        productId: row.productId,
        priceId: row.priceId,
        days: row.days,
        source: 'promo',
        grantKey: `promo:${row.code}:${accountId}`,
        now,
      }),
    ]);
  } catch (error) {
    // Another request won the race: the batch was rolled back; say which way it lost.
    const lost = lostPromoRace(error);
    if (lost) throw refused(409, lost.message, lost.reason);
    throw error;
  }
  return resultOf(row);
}

/**
 * One attempt at a code, counted against the limits on guessing codes (per account and per IP):
 * /activate, and a basket or order that names a code. A 429 once they run out.
 */
export async function takePromoAttempt(
  viewer: Pick<Viewer, 'account' | 'ip'>,
  now = nowSeconds(),
): Promise<void> {
  await takeOrThrow(
    [
      { key: await pseudonym('promo-acc', String(viewer.account)), ...PROMO_LIMITS.perAccount },
      { key: await pseudonym('promo-ip', viewer.ip), ...PROMO_LIMITS.perIp },
    ],
    now,
  );
}

/**
 * Why a batch with a code's redemption failed when another request took it first (the account's
 * one redemption, or the last use), or null when it failed for another reason.
 */
export function lostPromoRace(error: unknown): { message: string; reason: string } | null {
  const text = String(error);
  if (/UNIQUE constraint failed: promo_redemptions/.test(text))
    return { message: promoTexts.alreadyYours, reason: 'promo_already_redeemed' };
  if (/CHECK constraint failed/.test(text))
    return { message: promoTexts.usedUp, reason: 'promo_used_up' };
  return null;
}

/** A discount a viewer may have on an order (the payment flow's `promo=<code>`). */
export interface PromoDiscount {
  code: string;
  tariffId: number;
  discountPercent: number;
}

/**
 * For the order: the discount of `promo` this account may use now on `tariffId`, or the popup's
 * refusal (as redeemPromoCode). A days code is no discount (409 promo_unsupported). A use held by
 * one of the `releasing` orders (pending orders the new one supersedes) counts as free.
 */
export async function promoDiscount(
  accountId: number,
  raw: string,
  tariffId: number,
  { now = nowSeconds(), releasing = [] }: { now?: number; releasing?: readonly string[] } = {},
): Promise<PromoDiscount> {
  const row = await checkedCode(accountId, raw, now, releasing);
  if (row.discountPercent === null || row.tariffId !== tariffId)
    throw refused(409, promoTexts.unsupported, 'promo_unsupported');
  return { code: row.code, tariffId, discountPercent: row.discountPercent };
}

/**
 * The popup of a code this account has redeemed (after the page's Post/Redirect/Get), or null.
 */
export async function redeemedPromo(accountId: number, raw: string): Promise<PromoResult | null> {
  const code = normalizePromoCode(raw);
  if (!code) return null;
  const row = await readPromoCode(d1(), code, accountId);
  return row?.mine && row.days !== null ? resultOf(row) : null;
}
