import { SECONDS } from '../../shared/ru.ts';

/** Lifetimes and throttles of the accounts API in one place (docs/decisions.md, "Accounts"). */

/** The access token (`token` cookie, Bearer): short, renewed from the HttpOnly session. */
export const ACCESS_TOKEN_SECONDS = 15 * SECONDS.minute;
/** A device session, and the max-age of every auth cookie (docs/product.md, «Numbers»). */
export const SESSION_SECONDS = SECONDS.year;
/** One-time codes and password-change tokens. */
export const CODE_SECONDS = 10 * SECONDS.minute;
export const CODE_MAX_ATTEMPTS = 5;

/** Password failures per sign-in identifier (e-mail or phone, known or not) before the lock. */
export const MAX_PASSWORD_FAILURES = 5;
export const LOCK_SECONDS = 15 * SECONDS.minute;
/** Growing delay of the answer to the n-th failure in a row (ms); the lock follows the 5th. */
export const FAILURE_DELAYS_MS = [0, 200, 400, 800, 1600] as const;

export interface LimitRule {
  max: number;
  seconds: number;
}

/** A throttle to apply: a key (see `pseudonym`) and its rule. */
export interface Limit extends LimitRule {
  key: string;
}

export const LIMITS = {
  /** Password and code checks from one IP, whatever the account. */
  signInPerIp: { max: 30, seconds: 10 * SECONDS.minute },
  /** Any code or message sent to one address: once a minute (resend) and five an hour. */
  sendPerTargetMinute: { max: 1, seconds: SECONDS.minute },
  sendPerTargetHour: { max: 5, seconds: SECONDS.hour },
  /** Messages requested from one IP an hour, against SMS pumping and mail bombing. */
  sendPerIpHour: { max: 20, seconds: SECONDS.hour },
} as const satisfies Record<string, LimitRule>;
