import { assertMayPay, type Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { run } from '../../db/run.ts';
import { ApiError } from '../../lib/errors.ts';
import { SECONDS } from '../../shared/ru.ts';
import { accountPageData, nowSeconds, pseudonym, takeOrThrow } from '../auth/index.ts';
import {
  attachStatement,
  type CardRow,
  cardOf,
  detachStatement,
  numberTaken,
} from './aeroflot.repo.ts';
import { aeroflotPartner, PartnerUnavailable } from './partner.ts';
import type { AeroflotCard } from './schemas.ts';
import { aeroflotTexts as t } from './texts.ts';

/**
 * The Aeroflot card (docs/product.md, «Money»): an account attaches its Aeroflot Bonus membership
 * number so that its payments earn miles. Only a viewer who may pay (not a kid profile) sees or
 * changes it; the partner confirms the member before the number is kept.
 */

/**
 * A typed membership number as kept: digits only, without spaces, hyphens or the airline's «SU»
 * prefix; null when it is not 6 to 10 digits (Aeroflot publishes no check-digit rule, so the
 * partner's answer is the check).
 * @example normalizeMemberNumber(' SU 1234 5678 ') // '12345678'
 */
export function normalizeMemberNumber(raw: string): string | null {
  const number = raw
    .trim()
    .replace(/^su/i, '')
    .replace(/[\s-]+/g, '');
  return /^\d{6,10}$/.test(number) ? number : null;
}

/**
 * A member's surname as the partner reads it: Latin letters (a hyphen, apostrophe or space
 * between parts), upper case, single spaces; null when it is not one.
 * @example normalizeSurname(' Rimsky-korsakov ') // 'RIMSKY-KORSAKOV'
 */
export function normalizeSurname(raw: string): string | null {
  const surname = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  return /^[A-Z]+(?:[-' ][A-Z]+)*$/.test(surname) && surname.length <= 64 ? surname : null;
}

/**
 * Each attach the partner is asked about costs an attempt, per account and per IP, so that
 * neither numbers nor surnames can be tried in bulk (as promo codes: 10 minutes' allowance).
 */
const ATTACH_LIMITS = {
  perAccount: { max: 10, seconds: 10 * SECONDS.minute },
  perIp: { max: 30, seconds: 10 * SECONDS.minute },
} as const;

async function takeAttachAttempt(viewer: Viewer, now: number): Promise<void> {
  await takeOrThrow(
    [
      { key: await pseudonym('aeroflot-acc', String(viewer.account)), ...ATTACH_LIMITS.perAccount },
      { key: await pseudonym('aeroflot-ip', viewer.ip), ...ATTACH_LIMITS.perIp },
    ],
    now,
  );
}

const accountOf = (viewer: Viewer) => {
  assertMayPay(viewer);
  return Number(viewer.account);
};

/** The account's card, or none. */
export async function aeroflotCard(viewer: Viewer): Promise<AeroflotCard> {
  const row = await run(cardOf(d1(), accountOf(viewer)));
  return { number: row?.number ?? null, attached_at: row?.attachedAt ?? null };
}

/**
 * Attaches a membership number to the account (replacing its earlier one) once the partner
 * confirms the member by number and surname. Refusals: 422 for a number or surname that is not
 * one, and the same 422 for a number the programme does not know or a surname not its member's
 * (so the answer tells an outsider nothing); 429 once the attempts run out; 409 for a number
 * another account holds, only after the surname matched (the owner writes to support); 503 while
 * the programme does not answer; each changes nothing.
 */
export async function attachAeroflotCard(
  viewer: Viewer,
  raw: { number: string; surname: string },
): Promise<AeroflotCard> {
  const accountId = accountOf(viewer);
  const number = normalizeMemberNumber(raw.number);
  if (!number) throw new ApiError(422, t.format, 'invalid_field', {}, { field: 'number' });
  const surname = normalizeSurname(raw.surname);
  if (!surname) throw new ApiError(422, t.surnameFormat, 'invalid_field', {}, { field: 'surname' });
  const now = nowSeconds();
  await takeAttachAttempt(viewer, now);
  let member: boolean;
  try {
    member = await aeroflotPartner().isMember(number, surname);
  } catch (e) {
    if (e instanceof PartnerUnavailable)
      throw new ApiError(503, t.unavailable, 'aeroflot_unavailable');
    throw e;
  }
  if (!member)
    throw new ApiError(422, t.unknownMember, 'aeroflot_member_not_found', {}, { field: 'number' });
  try {
    await attachStatement(d1(), accountId, number, now).run();
  } catch (e) {
    if (numberTaken(e)) throw new ApiError(409, t.taken, 'aeroflot_number_taken');
    throw e;
  }
  return aeroflotCard(viewer);
}

/** Detaches the account's card; 404 when none is attached. */
export async function detachAeroflotCard(viewer: Viewer): Promise<void> {
  const res = await detachStatement(d1(), accountOf(viewer)).run();
  if (!res.meta.changes) throw new ApiError(404, t.noCard, 'aeroflot_card_not_found');
}

/**
 * /settings/aeroflot's data in the account page's one round trip: the live session (null when
 * it has ended) and the account's card.
 * @example const page = await loadAccountPage(Astro, aeroflotPage);
 */
export async function aeroflotPage(sessionId: string, accountId: number) {
  const page = await accountPageData(sessionId, accountId, (db, id) => [cardOf(db, id).statement]);
  if (!page) return null;
  const row = page.results[0]?.results[0] as CardRow | undefined;
  return { live: page.live, number: row?.number ?? null };
}
