import type { AstroGlobal } from 'astro';
import { mayPay } from '../../../functions/access/index.ts';
import { pageViewer } from '../../lib/viewer.ts';

/**
 * Whether a money page (one to buy, pay, redeem, give or manage the account's subscriptions, cards
 * and payments) is refused to this viewer: a kid profile, by the same rule the API refuses it with
 * (docs/product.md, «Money»). When refused, the status is 403 from here on; call it from the
 * page's own frontmatter before anything streams, skip the page's forms and loads, and render
 * `MoneyRefused` instead of the page.
 * @example const refused = refusesMoney(Astro); // then {refused ? <MoneyRefused /> : (…)}
 */
export function refusesMoney(Astro: AstroGlobal): boolean {
  if (mayPay(pageViewer(Astro))) return false;
  Astro.response.status = 403;
  return true;
}
