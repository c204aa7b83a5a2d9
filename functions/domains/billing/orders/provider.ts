import { env } from 'cloudflare:workers';
import { config } from '../../../lib/config.ts';
import { MissingSecret, requireSecret } from '../../../lib/unavailable.ts';
import type { PaymentProvider, ProviderName } from './acquirer.ts';
import { yookassaProvider } from './yookassa.ts';

/**
 * A YooKassa-compatible acquirer served by this Worker (development builds: functions/dev/): where
 * its API lives on this origin, its shop's credentials, and its handler.
 */
export interface SandboxAcquirer {
  base: string;
  shop: { id: string; secret: string };
  fetch: (request: Request) => Promise<Response>;
}

let sandbox: SandboxAcquirer | null = null;

/**
 * Puts the sandbox acquirer behind PAYMENT_PROVIDER=sandbox (the development composition root
 * does, functions/dev/index.ts); a production build has none.
 * @example setSandboxAcquirer({ base: '/dev/yookassa', shop, fetch: (r) => sandboxApp.fetch(r) })
 */
export function setSandboxAcquirer(acquirer: SandboxAcquirer | null) {
  sandbox = acquirer;
}

/** PAYMENT_PROVIDER as set; production always uses YooKassa (the sandbox is absent there). */
export function providerName(): ProviderName {
  if (config().isProduction) return 'yookassa';
  const value = (env as unknown as Record<string, unknown>).PAYMENT_PROVIDER;
  return value === 'yookassa' ? 'yookassa' : 'sandbox';
}

/**
 * The configured acquirer. The sandbox is YooKassa's adapter pointed at the sandbox's API, which
 * is answered in-process (the Worker cannot fetch its own host in workerd tests or wrangler dev).
 * @example await paymentProvider().getPayment('2f6b…')
 */
export function paymentProvider(): PaymentProvider {
  const vars = env as unknown as Record<string, unknown>;
  // PAYMENT_TIMEOUT_MS: how long the acquirer may take to answer (10 s unless set).
  const timeoutMs = Number(vars.PAYMENT_TIMEOUT_MS) || undefined;
  if (providerName() === 'sandbox') {
    // A build without the development fakes cannot pay through the sandbox: 503 not_configured.
    if (!sandbox) throw new MissingSecret('PAYMENT_PROVIDER');
    const { base, shop, fetch: handle } = sandbox;
    return yookassaProvider({
      name: 'sandbox',
      baseUrl: `${config().siteOrigin}${base}`,
      shopId: shop.id,
      secretKey: shop.secret,
      fetch: handle,
      timeoutMs,
    });
  }
  return yookassaProvider({
    name: 'yookassa',
    baseUrl: String(vars.YOOKASSA_API_URL || 'https://api.yookassa.ru'),
    shopId: requireSecret('YOOKASSA_SHOP_ID', vars.YOOKASSA_SHOP_ID),
    secretKey: requireSecret('YOOKASSA_SECRET_KEY', vars.YOOKASSA_SECRET_KEY),
    fetch: (request) => fetch(request),
    timeoutMs,
  });
}
