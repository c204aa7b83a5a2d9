import { d1 } from '../../db/client.ts';
import type { ClientFacts } from '../../lib/app-env.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { SECONDS } from '../../shared/ru.ts';
import {
  answerFromInsert,
  insertSession,
  newCredential,
  nowSeconds,
  pseudonym,
  type TokenAnswer,
  takeOrThrow,
  tooMany,
  type WithCookies,
} from '../auth/index.ts';
import {
  approvePairing,
  consumePairing,
  insertPairing,
  type PairingRow,
  pollStatements,
} from './repo.ts';
import type { DeviceAuthorization } from './schemas.ts';
import { tvTexts } from './texts.ts';
import { newUserCode, normalizeUserCode } from './user-code.ts';

/** RFC 8628 figures: a pairing lives 10 minutes; the device polls every 5 seconds at most. */
const TV_CODE_SECONDS = 10 * SECONDS.minute;
const POLL_INTERVAL = 5;
/** A poll this much early still counts as on time (network jitter between two polls). */
const POLL_TOLERANCE_MS = 1000;

/** Throttles: pairings started per IP; approvals tried per account and per IP (guessing codes). */
const TV_LIMITS = {
  startPerIp: { max: 30, seconds: 10 * SECONDS.minute },
  approvePerAccount: { max: 10, seconds: 10 * SECONDS.minute },
  approvePerIp: { max: 30, seconds: 10 * SECONDS.minute },
} as const;

const userCodeKey = (letters: string) => pseudonym('tv-user', letters);

/**
 * Starts a pairing (RFC 8628 3.2): the device's secret code and the code the viewer types, at
 * most 30 per IP in 10 minutes. `origin` is this site's, for the verification links.
 */
export async function startPairing(ip: string, origin: string): Promise<DeviceAuthorization> {
  const now = nowSeconds();
  await takeOrThrow([{ key: await pseudonym('tv-start-ip', ip), ...TV_LIMITS.startPerIp }], now);
  const deviceCode = randomToken(32);
  for (let attempt = 0; ; attempt++) {
    const userCode = newUserCode();
    try {
      await insertPairing(
        d1(),
        {
          deviceCodeHash: await sha256(deviceCode),
          userCodeHash: await userCodeKey(normalizeUserCode(userCode)!),
          interval: POLL_INTERVAL,
        },
        now,
        TV_CODE_SECONDS,
      ).run();
      return {
        device_code: deviceCode,
        user_code: userCode,
        verification_uri: `${origin}/code`,
        verification_uri_complete: `${origin}/code?user_code=${userCode}`,
        expires_in: TV_CODE_SECONDS,
        interval: POLL_INTERVAL,
      };
    } catch (error) {
      // 20^8 codes: a clash with a live one is rare; try another once.
      if (attempt > 0 || !/UNIQUE constraint failed: tv_codes\.user_code_hash/.test(String(error)))
        throw error;
    }
  }
}

/**
 * A signed-in viewer confirms the code shown on the device. Counted per account and IP before the
 * lookup, so guessing codes runs out fast; a wrong, used or expired code is a 404.
 */
export async function approvePairingCode(
  ip: string,
  live: LiveSession,
  typed: string,
): Promise<void> {
  const now = nowSeconds();
  await takeOrThrow(
    [
      {
        key: await pseudonym('tv-approve-acc', String(live.accountId)),
        ...TV_LIMITS.approvePerAccount,
      },
      { key: await pseudonym('tv-approve-ip', ip), ...TV_LIMITS.approvePerIp },
    ],
    now,
  );
  const letters = normalizeUserCode(typed);
  if (!letters) throw new ApiError(422, tvTexts.codeFormat, 'validation');
  const approved = await approvePairing(
    d1(),
    await userCodeKey(letters),
    live.accountId,
    now,
  ).first();
  if (!approved) throw new ApiError(404, tvTexts.notFound, 'tv_code_not_found');
}

/**
 * The device's poll (RFC 8628 3.4, 3.5): 428 authorization_pending, 429 slow_down, 400
 * expired_token or invalid_grant, or the session — consumed once, opened for the polling device
 * (the answer and its cookies).
 */
export async function pollPairing(
  client: ClientFacts,
  deviceCode: string,
): Promise<WithCookies<TokenAnswer>> {
  const db = d1();
  const now = nowSeconds();
  const nowMs = Date.now();
  const [read] = await db.batch<PairingRow>(
    pollStatements(db, await sha256(deviceCode), nowMs, POLL_TOLERANCE_MS),
  );
  const row = read!.results[0];
  if (!row) throw new ApiError(400, tvTexts.unknownDevice, 'invalid_grant');
  if (row.status === 'consumed') throw new ApiError(400, tvTexts.used, 'invalid_grant');
  if (row.expiresAt <= now) throw new ApiError(400, tvTexts.expired, 'expired_token');
  if (row.status === 'pending') {
    const tooFast =
      row.lastPolledMs !== null &&
      nowMs - row.lastPolledMs < row.interval * 1000 - POLL_TOLERANCE_MS;
    if (tooFast) throw tooMany(row.interval + 5, tvTexts.slowDown(row.interval + 5), 'slow_down');
    throw new ApiError(428, tvTexts.pending, 'authorization_pending', {
      'Retry-After': String(row.interval),
    });
  }
  const nonce = randomToken(12);
  const credential = await newCredential();
  const [taken, inserted] = await db.batch<Record<string, unknown>>([
    consumePairing(db, row.id, nonce, now),
    insertSession(db, { id: row.accountId! }, credential, client.device, now, {
      codeId: row.id,
      nonce,
      table: 'tv_codes',
    }),
  ]);
  if (taken!.meta.changes === 0) throw new ApiError(400, tvTexts.used, 'invalid_grant');
  return answerFromInsert(inserted, credential, now, client.secure);
}
