import { config } from '../../lib/config.ts';
import { hmac } from '../../lib/crypto.ts';

/**
 * Keyed hashes under the Worker's secret. Codes, and the addresses and IPs in throttle and code
 * rows, are stored only this way: a copy of the database reveals no code (a 6-digit code has only
 * a million values, so a plain digest would not do) and no address of someone who only tried.
 */

/**
 * A stable pseudonym of an address, IP or account id for the kind of row it keys.
 * @example await pseudonym('login', 'anna@mail.ru') // 'login:Zx8…' (stable for the secret)
 */
export async function pseudonym(kind: string, value: string): Promise<string> {
  return `${kind}:${(await hmac(config().jwtSecret, `${kind}\n${value}`)).slice(0, 32)}`;
}

/** The stored form of a one-time code, bound to its purpose and target. */
export function codeDigest(purpose: string, target: string, code: string): Promise<string> {
  return hmac(config().jwtSecret, `code\n${purpose}\n${target}\n${code}`);
}
