import { env, waitUntil } from 'cloudflare:workers';
import { d1 } from '../../db/client.ts';
import { config } from '../../lib/config.ts';
import { logger } from '../../lib/log.ts';
import { calendarDay } from '../../shared/ru.ts';
import { insertMarketingCall } from './repo.ts';

/** The two operations the customer-marketing tool receives (docs/product.md, «What we measure»). */
export type MarketingOperation = 'authenticated' | 'opened_site';

/**
 * Who the call is about: ids and the kid flag, never an address, phone or token. The tool joins
 * them to its own contact records.
 */
export interface Customer {
  accountId: string;
  profileId: string;
  billingId: string;
  isKid: boolean;
}

/**
 * A customer-marketing tool. `onceKey` names a call that must land once (a retried one carries
 * the same key); a tool that cannot honour it may receive it twice.
 */
export interface CustomerMarketing {
  send(operation: MarketingOperation, customer: Customer, onceKey?: string): Promise<void>;
}

/** The development tool: every call recorded in D1 (`marketing_calls`), read at /dev/marketing. */
export const localMarketing: CustomerMarketing = {
  async send(operation, customer, onceKey) {
    await insertMarketingCall(d1(), {
      operation,
      accountId: customer.accountId,
      profileId: customer.profileId,
      customer: JSON.stringify(customer),
      onceKey: onceKey ? `${operation}:${onceKey}` : null,
      createdAt: Date.now(),
    });
  },
};

/** How long the tool has before the call is given up: it never holds anything of ours up. */
const HTTP_TIMEOUT_MS = 5000;

/**
 * A real tool behind a JSON API: `POST {url}` with `{ operation, customer }`, the key as a Bearer
 * and the once-key as `Idempotency-Key`. A tool with another shape needs its own small adapter.
 */
export function httpMarketing(url: string, apiKey: string): CustomerMarketing {
  return {
    async send(operation, customer, onceKey) {
      const headers = new Headers({ 'content-type': 'application/json' });
      if (apiKey) headers.set('authorization', `Bearer ${apiKey}`);
      if (onceKey) headers.set('idempotency-key', `${operation}:${onceKey}`);
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ operation, customer }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`marketing tool answered ${res.status}`);
    },
  };
}

const off: CustomerMarketing = { send: async () => {} };

export type MarketingProvider = 'local' | 'http' | 'off';

/**
 * MARKETING_PROVIDER: `local` (the recorder; the development default), `http` (MARKETING_API_URL
 * with the MARKETING_API_KEY secret) or `off`. Unset in production means `http` when a URL is
 * set and `off` otherwise: production never records customers in its own D1 by accident.
 */
export function marketingProvider(): MarketingProvider {
  const vars = env as unknown as Record<string, unknown>;
  const value = vars.MARKETING_PROVIDER;
  if (value === 'local' || value === 'http' || value === 'off') return value;
  if (!config().isProduction) return 'local';
  return vars.MARKETING_API_URL ? 'http' : 'off';
}

/** The configured tool. */
export function customerMarketing(): CustomerMarketing {
  const provider = marketingProvider();
  if (provider === 'local') return localMarketing;
  if (provider === 'off') return off;
  const vars = env as unknown as Record<string, unknown>;
  return httpMarketing(String(vars.MARKETING_API_URL ?? ''), String(vars.MARKETING_API_KEY ?? ''));
}

/**
 * Sends in the background: the answer that caused it never waits for the tool, and a failing tool
 * is logged (without the customer) and forgotten.
 */
function inBackground(operation: MarketingOperation, customer: Customer, onceKey?: string): void {
  waitUntil(
    customerMarketing()
      .send(operation, customer, onceKey)
      .catch((err: unknown) => {
        logger.warn('marketing.call_failed', { operation, error: err });
      }),
  );
}

/** A signed-in session as the auth domain holds it. */
export interface SignedInCustomer {
  accountId: number | string;
  userId: number | string;
  billingId: string;
  isKid: boolean;
}

const customerOf = (s: SignedInCustomer): Customer => ({
  accountId: String(s.accountId),
  profileId: String(s.userId),
  billingId: s.billingId,
  isKid: s.isKid,
});

/** «Successful authentication»: after every sign-in and sign-up, in the background. */
export function customerAuthenticated(s: SignedInCustomer): void {
  inBackground('authenticated', customerOf(s));
}

/**
 * «Authorised customer opened site»: once per device session and Moscow day (the once-key), in
 * the background; nothing when `known` (the day the caller last told) is already today. Answers
 * today, which the caller remembers so the day's next pages skip the call.
 */
export function customerOpenedSite(
  s: SignedInCustomer & { sessionId: string | null },
  now = new Date(),
  known?: string,
): string {
  // The day and the profile: another account or profile signed in on this browser today is
  // another customer opening the site.
  const marker = `${calendarDay(now)}.${s.userId}`;
  if (known === marker) return marker;
  const key = `${s.sessionId ?? `account-${s.accountId}`}:${marker}`;
  if (toldHere.has(key)) return marker;
  if (toldHere.size >= TOLD_HERE_LIMIT) toldHere.clear();
  toldHere.add(key);
  inBackground('opened_site', customerOf(s), key);
  return marker;
}

/**
 * Once-keys this isolate already sent: a client that keeps no cookie (a script, a bot with a
 * token) costs the tool's store one write per isolate and day, not one per page. Bounded: cleared
 * when full, the tool's own once-key still holds.
 */
const toldHere = new Set<string>();
const TOLD_HERE_LIMIT = 10_000;
