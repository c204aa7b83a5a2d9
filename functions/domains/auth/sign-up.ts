import { d1 } from '../../db/client.ts';
import type { ClientFacts } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import { templates } from '../messages/index.ts';
import { checkCode, codeAlreadyUsed } from './codes.ts';
import { trustDevice } from './device-trust.ts';
import { hashPassword } from './password.ts';
import {
  consumeCode,
  ensureFirstProfile,
  findAccount,
  insertAccount,
  insertSession,
} from './repo.ts';
import { tellRevoked } from './revoked.ts';
import { codeTarget, sendCode, takeCheckAllowance } from './send-code.ts';
import type { WithCookies } from './session.ts';
import { answerFromInsert, lockKey, replacePrevious, withFirst } from './sign-in.ts';
import { authTexts } from './texts.ts';
import { newCredential, type TokenAnswer } from './tokens.ts';

/**
 * Step 1 of e-mail sign-up. The answer never says whether the address has an account: a new
 * address gets a code; a known one gets a note that it is registered (and a dead code, so
 * step 2 fails for it exactly like a wrong code).
 */
export async function requestSignUp(ip: string, email: string): Promise<void> {
  const exists = await findAccount(d1(), { email }).first();
  const origin = config().siteOrigin;
  await sendCode(ip, {
    channel: 'email',
    address: email,
    purpose: 'sign_up',
    live: !exists,
    message: (code) =>
      code
        ? templates.signUpCode({ channel: 'email', to: email, code })
        : templates.accountExists({
            channel: 'email',
            to: email,
            signInUrl: `${origin}/auth?step=signin`,
          }),
  });
}

/**
 * Step 2: the code proves the mailbox. The code's consumption, the account, its first adult
 * profile and the session are one transaction; a race for the same address ends in 409 for the
 * second request, and nothing half-made stays behind.
 */
export async function completeSignUp(
  client: ClientFacts,
  email: string,
  password: string,
  code: string,
  now: number,
): Promise<WithCookies<TokenAnswer>> {
  await takeCheckAllowance(client.ip, now);
  const db = d1();
  const guard = await checkCode(db, await codeTarget('email', email), 'sign_up', code, now);
  const [passwordHash, credential] = await Promise.all([
    hashPassword(password, config().passwordIterations),
    newCredential(),
  ]);
  let results: D1Result<Record<string, unknown>>[];
  try {
    results = await db.batch<Record<string, unknown>>([
      consumeCode(db, guard, now),
      insertAccount(db, { email, passwordHash, billingId: crypto.randomUUID() }, now, guard),
      ensureFirstProfile(db, { email }, authTexts.defaultProfileName, now, guard),
      insertSession(db, { email }, credential, client.device, now, guard),
      ...(await replacePrevious(client.sessionCookie, now)),
    ]);
  } catch (error) {
    if (/UNIQUE constraint failed: accounts\.email/.test(String(error)))
      throw new ApiError(409, authTexts.accountExists, 'account_exists');
    throw error;
  }
  if (results[0]!.meta.changes === 0) throw codeAlreadyUsed();
  await tellRevoked(results, now, { replaced: true });
  const trusted = await trustDevice([await lockKey({ email })], now, client.secure);
  return withFirst(trusted, await answerFromInsert(results[3], credential, now, client.secure));
}

/** Phone sign-in, step 1: a code by SMS. */
export async function requestPhoneCode(ip: string, phone: string): Promise<void> {
  await sendCode(ip, {
    channel: 'sms',
    address: phone,
    purpose: 'sign_in',
    live: true,
    message: (code) => templates.signInCode({ channel: 'sms', to: phone, code: code ?? '' }),
  });
}

/**
 * Phone sign-in, step 2: the code proves the number. The first use creates a passwordless
 * account with its first profile; later uses find it. One transaction with the code's consumption.
 */
export async function phoneCodeSignIn(
  client: ClientFacts,
  phone: string,
  code: string,
  now: number,
): Promise<WithCookies<TokenAnswer & { isNewAccount: boolean }>> {
  await takeCheckAllowance(client.ip, now);
  const db = d1();
  const guard = await checkCode(db, await codeTarget('sms', phone), 'sign_in', code, now);
  const credential = await newCredential();
  const results = await db.batch<Record<string, unknown>>([
    consumeCode(db, guard, now),
    insertAccount(db, { phone, billingId: crypto.randomUUID() }, now, guard, true),
    ensureFirstProfile(db, { phone }, authTexts.defaultProfileName, now, guard),
    insertSession(db, { phone }, credential, client.device, now, guard),
    ...(await replacePrevious(client.sessionCookie, now)),
  ]);
  if (results[0]!.meta.changes === 0) throw codeAlreadyUsed();
  await tellRevoked(results, now, { replaced: true });
  const trusted = await trustDevice([await lockKey({ phone })], now, client.secure);
  const { answer, cookies } = await answerFromInsert(results[3], credential, now, client.secure);
  return {
    answer: { ...answer, isNewAccount: results[1]!.meta.changes === 1 },
    cookies: [trusted, ...cookies],
  };
}
