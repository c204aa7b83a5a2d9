import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 AA rule tags of axe-core every accessibility check runs; any violation fails, not only serious ones. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core for this page with the WCAG 2.2 AA tags. Legacy mode: axe runs in the page itself.
 * The default mode finishes every run in a new blank page and injects axe's 540 KB a second time
 * there, which doubled each check's time; it exists for cross-origin frames, and our pages have
 * none (the results are the same). Only violations come back element by element: passes,
 * incomplete and inapplicable results name one element each (axe's `resultTypes`), so a page of
 * 4,000 elements is not serialised whole for results nobody reads (half the time on the home page).
 * @example const { violations } = await axe(page).include('#player').analyze()
 */
export const axe = (page: Page, tags: string[] = WCAG) =>
  new AxeBuilder({ page })
    // options() replaces every option set before it, the tags included: it comes first.
    .options({ resultTypes: ['violations'] })
    .withTags(tags)
    .setLegacyMode(true);

/**
 * axe-core finds nothing on the page as it is now (needs JavaScript in the page).
 * @example await noViolations(page, '/series at 320 px')
 */
export async function noViolations(page: Page, label: string) {
  const { violations } = await axe(page).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}
