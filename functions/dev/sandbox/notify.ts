import { env, waitUntil } from 'cloudflare:workers';
import type { ProviderPayment } from '../../domains/billing/index.ts';
import { config } from '../../lib/config.ts';

type Deliver = (request: Request) => Promise<Response>;
let deliver: Deliver | null = null;

/** The site's app answers the sandbox's notifications in-process (set once, by app.ts). */
export function setSandboxWebhook(fn: Deliver) {
  deliver = fn;
}

export const WEBHOOK_PATH = '/billing/notifications/yookassa/';

/** Sends one notification now; answers the webhook's status (0 when nothing is wired). */
export async function sendNotification(event: string, payment: ProviderPayment): Promise<number> {
  if (!deliver) return 0;
  const res = await deliver(
    new Request(`${config().siteOrigin}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '185.71.76.1' },
      body: JSON.stringify({ type: 'notification', event, object: payment }),
    }),
  );
  return res.status;
}

/**
 * PAYMENT_SANDBOX_NOTIFY_MS: when the notifications of a finished payment go out (ms after it:
 * the first, the repeat, the stale copy); "off" sends none (a test that sends its own).
 */
function delays(): number[] {
  const value = String((env as unknown as Record<string, unknown>).PAYMENT_SANDBOX_NOTIFY_MS ?? '');
  if (value === 'off') return [];
  const parsed = value
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0);
  return parsed.length ? parsed : [400, 1500, 2500];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * As an acquirer does: the notification of a finished payment comes late and more than once, and
 * a stale copy (the payment as it was when created) may arrive after the final one. The site must
 * not care: it reads the payment back and acts once.
 */
export function notifyLater(event: string, payment: ProviderPayment, stale?: ProviderPayment) {
  const [first, again, late] = delays();
  if (first === undefined) return;
  const deliveries: [number, string, ProviderPayment][] = [[first, event, payment]];
  if (again !== undefined) deliveries.push([again, event, payment]);
  if (stale && late !== undefined) deliveries.push([late, 'payment.waiting_for_capture', stale]);
  for (const [ms, e, body] of deliveries)
    waitUntil(
      sleep(ms)
        .then(() => sendNotification(e, body))
        .catch(() => undefined),
    );
}
