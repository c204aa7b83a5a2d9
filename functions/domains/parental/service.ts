import { d1 } from '../../db/client.ts';
import type { ParentalAgeLimit } from '../../db/parental-schema.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import {
  type AccountSummary,
  accountPageData,
  codeAlreadyUsed,
  consumeCode,
  nowSeconds,
  resetLimit,
  takeCheckAllowance,
} from '../auth/index.ts';
import { checkParentalCode, sendParentalCode } from './codes.ts';
import { PIN_ENTRY_SECONDS } from './limits.ts';
import { attemptPin, loadControl, pinLockKey } from './pin.ts';
import { hashPin } from './pin-hash.ts';
import {
  type ControlRow,
  disableControl,
  forgetOtherEntries,
  liftLock,
  markEntered,
  readControl,
  replacePin,
  setAgeLimit,
  setFirstPin,
  toControl,
} from './repo.ts';
import type { AgeSetting, ControlView } from './schemas.ts';
import { parentalTexts } from './texts.ts';

/**
 * Parental control as the API (`/auth/accounts/{id}/…`) and the settings page use it. Each
 * service takes the viewer's live session and, where a PIN or code is tried, the IP whose check
 * allowance it spends; each throws the error envelope to refuse.
 */

const view = (control: Pick<ControlRow, 'status' | 'ageLimit' | 'entered'>): ControlView => ({
  status: control.status,
  ageLimit: control.ageLimit,
  pinEntered: control.entered,
});

function requireEnabled(control: ControlRow): void {
  if (control.status !== 'Enabled') throw new ApiError(409, parentalTexts.pinNotSet, 'pin_not_set');
}

/** The live session, if `accountId` (from the path) is its own; any other is a 404 (nothing to learn). */
export function assertOwnAccount(live: LiveSession, accountId: string): void {
  if (accountId !== String(live.accountId))
    throw new ApiError(404, parentalTexts.accountNotFound, 'account_not_found');
}

export async function controlOf(live: LiveSession): Promise<ControlView> {
  return view(await loadControl(live, nowSeconds()));
}

/**
 * Undefined → Disabled needs nothing (there is nothing to protect yet); Enabled → Disabled the
 * PIN or a verification code checked in the last 10 minutes.
 */
export async function disableParental(
  ip: string,
  live: LiveSession,
  pin: string | undefined,
): Promise<ControlView> {
  const now = nowSeconds();
  const control = await loadControl(live, now);
  if (control.status === 'Enabled') {
    if (pin !== undefined) {
      await takeCheckAllowance(ip, now);
      await attemptPin(live, control, pin, now, { mark: false });
    } else if (!control.verified)
      throw new ApiError(403, parentalTexts.proofRequired, 'verification_required');
  }
  const db = d1();
  await db.batch([
    disableControl(db, live.accountId, now),
    forgetOtherEntries(db, live.accountId, null),
    resetLimit(db, await pinLockKey(live.accountId)),
  ]);
  return view({ status: 'Disabled', ageLimit: control.ageLimit, entered: false });
}

/** The first PIN (and optionally the age setting): Enabled, and entered by this session. */
export async function setPin(
  live: LiveSession,
  pin: string,
  ageLimit: ParentalAgeLimit | undefined,
): Promise<ControlView> {
  const now = nowSeconds();
  const db = d1();
  const pinHash = await hashPin(live.accountId, pin);
  const [set] = await db.batch([
    setFirstPin(db, live.accountId, pinHash, now),
    markEntered(db, live.sessionId, live.accountId, now + PIN_ENTRY_SECONDS, { pinHash }),
    ...(ageLimit ? [setAgeLimit(db, live.accountId, ageLimit, now)] : []),
  ]);
  if (set!.meta.changes === 0) throw new ApiError(409, parentalTexts.pinExists, 'pin_exists');
  return view(await loadControl(live, now));
}

/** Checks the PIN and marks it entered by this session; answers until when. */
export async function checkPin(ip: string, live: LiveSession, pin: string): Promise<number> {
  const now = nowSeconds();
  await takeCheckAllowance(ip, now);
  await attemptPin(live, await loadControl(live, now), pin, now);
  return now + PIN_ENTRY_SECONDS;
}

/** Forgets this session's PIN entry (the client's last tab has closed). */
export async function forgetPinEntry(live: LiveSession): Promise<void> {
  await markEntered(d1(), live.sessionId, live.accountId, 0).run();
}

/** A new PIN ends the entries of the account's other sessions: whoever knew the old one is out. */
export async function changePin(
  ip: string,
  live: LiveSession,
  pin: string,
  newPin: string,
): Promise<ControlView> {
  const now = nowSeconds();
  if (pin === newPin) throw new ApiError(422, parentalTexts.samePin, 'same_pin');
  await takeCheckAllowance(ip, now);
  const control = await loadControl(live, now);
  await attemptPin(live, control, pin, now, { mark: false });
  const db = d1();
  const pinHash = await hashPin(live.accountId, newPin);
  await db.batch([
    replacePin(db, live.accountId, pinHash, now),
    markEntered(db, live.sessionId, live.accountId, now + PIN_ENTRY_SECONDS, { pinHash }),
    forgetOtherEntries(db, live.accountId, live.sessionId),
  ]);
  return view({ ...control, entered: true });
}

/** Sends a code for resetting the PIN (control must be Enabled); answers where it went. */
export async function requestPinReset(
  ip: string,
  live: LiveSession,
  channel: 'email' | 'sms' | undefined,
): ReturnType<typeof sendParentalCode> {
  requireEnabled(await loadControl(live, nowSeconds()));
  return sendParentalCode(ip, live, 'pin_reset', channel);
}

/**
 * The code consumed, the new PIN, this session's entry, the others' end and the lock lifted: one
 * transaction, every write guarded by the consumption.
 */
export async function resetPin(
  ip: string,
  live: LiveSession,
  code: string,
  newPin: string,
): Promise<ControlView> {
  const now = nowSeconds();
  const control = await loadControl(live, now);
  requireEnabled(control);
  const guard = await checkParentalCode(ip, live, 'pin_reset', code, now);
  const db = d1();
  const [consumed] = await db.batch([
    consumeCode(db, guard, now),
    replacePin(db, live.accountId, await hashPin(live.accountId, newPin), now, guard),
    markEntered(db, live.sessionId, live.accountId, now + PIN_ENTRY_SECONDS, { guard }),
    forgetOtherEntries(db, live.accountId, live.sessionId, guard),
    liftLock(db, await pinLockKey(live.accountId), guard),
  ]);
  if (consumed!.meta.changes === 0) throw codeAlreadyUsed();
  return view({ ...control, entered: true });
}

export async function showSettingsOf(live: LiveSession): Promise<AgeSetting> {
  const { status, ageLimit } = await loadControl(live, nowSeconds());
  return { status, ageLimit };
}

/**
 * The age setting needs control Enabled and proof: the PIN given now, entered by this session,
 * or a fresh verification.
 */
export async function setShowSettings(
  ip: string,
  live: LiveSession,
  ageLimit: ParentalAgeLimit,
  pin: string | undefined,
): Promise<AgeSetting> {
  const now = nowSeconds();
  const control = await loadControl(live, now);
  requireEnabled(control);
  if (pin !== undefined) {
    await takeCheckAllowance(ip, now);
    await attemptPin(live, control, pin, now);
  } else if (!control.entered && !control.verified)
    throw new ApiError(403, parentalTexts.pinRequired, 'pin_required');
  await setAgeLimit(d1(), live.accountId, ageLimit, now).run();
  return { status: control.status, ageLimit };
}

/** /settings/parental in one round trip: the viewer, the account and its parental control. */
export async function parentalPage(
  sessionId: string,
  accountId: number,
): Promise<{ live: LiveSession; account: AccountSummary; control: ControlRow } | null> {
  const page = await accountPageData(sessionId, accountId, (db, id, sid) => [
    readControl(db, id, sid, nowSeconds()),
  ]);
  if (!page) return null;
  const control = toControl(page.results[0]!.results[0] as Record<string, unknown> | undefined);
  return { live: page.live, account: page.account, control };
}
