import type { APIContext } from 'astro';
import { mayPay } from '../../functions/access/index.ts';
import { pageViewer } from './viewer.ts';

/**
 * The money pages: those to buy, pay, redeem, give, or manage the account's subscriptions, cards
 * and payments (docs/product.md, «Money»), as Astro names their routes (`routePattern`). A viewer
 * who may not pay (a kid profile) is refused them all alike, before the page runs
 * (src/middleware.ts); a new money page is added here and nowhere else.
 */
export const MONEY_PAGES: ReadonlySet<string> = new Set([
  '/activate',
  '/advantages',
  '/free-access',
  '/gifts',
  '/gifts/success',
  '/payment',
  '/payment-history',
  '/payment-type',
  '/payment/redirect',
  '/paywall/[slug]',
  '/paywall/retention',
  '/settings/aeroflot',
  '/settings/payments',
  '/subscription',
  '/success',
]);

/**
 * Whether this request is for a money page its viewer may not pay on (`mayPay`, functions/access):
 * the same rule the API refuses a kid profile's payments with.
 * @example if (refusesMoneyPage(context)) return next('/403');
 */
export function refusesMoneyPage(context: Pick<APIContext, 'routePattern' | 'locals'>): boolean {
  return MONEY_PAGES.has(context.routePattern) && !mayPay(pageViewer(context));
}

/**
 * Marks the request as a refused money page before the forbidden screen (src/pages/403.astro)
 * renders: the screen is drawn for the address asked for, and says why. The one place both the
 * middleware and a page that learns of a kid session late (a token from before a switch) set it.
 * @example markMoneyRefused(context.locals, context.url); return next('/403');
 */
export function markMoneyRefused(locals: App.Locals, asked: URL): void {
  locals.askedUrl = asked;
  locals.moneyRefused = true;
}
