import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { logger } from '../../lib/log.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import {
  type AccountRow,
  accountLockKey,
  addressOf,
  attemptPassword,
  authTexts,
  type Contact,
  channelOf,
  checkCode,
  codeAlreadyUsed,
  consumeCode,
  contactKind,
  deliver,
  findAccount,
  maskAddress,
  pseudonym,
  resetLimit,
  revokeAccountSessions,
  sendCode,
  setContact,
  takeCheckAllowance,
  tellRevoked,
} from '../auth/index.ts';
import { templates } from '../messages/index.ts';
import { readControl, toControl } from '../parental/index.ts';

/**
 * Change codes live in auth_codes under a target bound to the account and the new address
 * (purpose 'reset', whose CHECK allows it), so a code proves that address for that account only
 * and never ends or matches a sign-in or reset code of the same address.
 */
function changeTarget(accountId: number, contact: Contact): Promise<string> {
  return pseudonym('contact-change', `${accountId}:${channelOf(contact)}:${addressOf(contact)}`);
}

/**
 * Changing the e-mail or phone, step 1 (it needs the current password or a fresh
 * code). The proof is the current password — counted against the account's sign-in lock — or, for
 * an account without one, this session's fresh verification (the account-security step
 * "verification": a code to the account's own address, good for 10 minutes). Then a code goes to
 * the new address; an address another account holds gets a note instead and a dead code, so the
 * answer is the same and the requester learns nothing about other accounts.
 */
export async function requestContactChange(
  ip: string,
  live: LiveSession,
  contact: Contact,
  password: string | undefined,
  origin: string,
  now: number,
): Promise<void> {
  const db = d1();
  const [found, control] = await db.batch<Record<string, unknown>>([
    findAccount(db, { id: live.accountId }),
    readControl(db, live.accountId, live.sessionId, now),
  ]);
  const account = found!.results[0] as unknown as AccountRow | undefined;
  if (!account) throw new ApiError(401, authTexts.sessionEnded, 'session_ended');
  const kind = contactKind(contact);
  if (account[kind] === addressOf(contact))
    throw new ApiError(
      400,
      kind === 'email' ? authTexts.sameEmail : authTexts.samePhone,
      'same_contact',
    );

  if (password !== undefined) {
    if (!account.passwordHash)
      throw new ApiError(403, authTexts.confirmWithCode, 'verification_required');
    await takeCheckAllowance(ip, now);
    const key = await accountLockKey(account);
    const { ok } = await attemptPassword(key, password, { account }, now);
    if (!ok) throw new ApiError(403, authTexts.wrongCurrentPassword, 'wrong_current_password');
    await resetLimit(db, key).run();
  } else if (!toControl(control!.results[0]).verified) {
    throw account.passwordHash
      ? new ApiError(403, authTexts.confirmWithPassword, 'password_required')
      : new ApiError(403, authTexts.confirmWithCode, 'verification_required');
  }

  const taken = await findAccount(db, contact).first();
  await sendCode(ip, {
    channel: channelOf(contact),
    address: addressOf(contact),
    purpose: 'reset',
    target: await changeTarget(live.accountId, contact),
    live: taken === null,
    message: (code) =>
      code
        ? templates.contactChangeCode({ channel: channelOf(contact), to: addressOf(contact), code })
        : templates.contactInUse({
            channel: channelOf(contact),
            to: addressOf(contact),
            signInUrl: `${origin}/auth?step=signin`,
          }),
  });
}

/**
 * Step 2: the code proves the new address. Its consumption, the new address and the end of every
 * other session of the account are one transaction; then the previous address (or, when there
 * was none, the other one) is told.
 * @returns how many other sessions ended
 */
export async function confirmContactChange(
  ip: string,
  live: LiveSession,
  contact: Contact,
  code: string,
  origin: string,
  now: number,
): Promise<number> {
  await takeCheckAllowance(ip, now);
  const db = d1();
  const guard = await checkCode(
    db,
    await changeTarget(live.accountId, contact),
    'reset',
    code,
    now,
  );
  const before = await findAccount(db, { id: live.accountId }).first<AccountRow>();
  if (!before) throw new ApiError(401, authTexts.sessionEnded, 'session_ended');
  const kind = contactKind(contact);
  let results: D1Result[];
  try {
    results = await db.batch([
      consumeCode(db, guard, now),
      setContact(db, live.accountId, contact, guard),
      revokeAccountSessions(db, live.accountId, live.sessionId, now, guard),
    ]);
  } catch (error) {
    // Another account took the address between the two steps.
    if (/UNIQUE constraint failed: accounts\.(email|phone)/.test(String(error))) {
      throw new ApiError(
        409,
        kind === 'email' ? authTexts.emailTaken : authTexts.phoneTaken,
        'contact_taken',
      );
    }
    throw error;
  }
  if (results[0]!.meta.changes === 0) throw codeAlreadyUsed();
  await tellRevoked(results[2]!, now);
  await notifyPrevious(before, contact, origin);
  return results[2]!.meta.changes;
}

/** The security notice; the change has happened, so a gateway failure is logged, not answered. */
async function notifyPrevious(before: AccountRow, contact: Contact, origin: string): Promise<void> {
  const kind = contactKind(contact);
  const previous: Contact[] = [
    ...(before.email ? [{ email: before.email }] : []),
    ...(before.phone ? [{ phone: before.phone }] : []),
  ];
  const to = previous.find((c) => contactKind(c) === kind) ?? previous[0];
  if (!to) return;
  const message = templates.contactChanged({
    channel: channelOf(to),
    to: addressOf(to),
    kind,
    now: maskAddress(channelOf(contact), addressOf(contact)),
    supportUrl: `${origin}/settings/support?subject=account`,
  });
  try {
    await deliver(message);
  } catch (error) {
    // The reason only: the error may carry the address or the gateway's words.
    logger.warn('contacts.notice_not_delivered', { reason: (error as { reason?: string }).reason });
  }
}
