import { expect, type Page } from '@playwright/test';
import axeCore, { type AxeResults, type ElementContext } from 'axe-core';

/** The WCAG 2.2 AA rule tags of axe-core every accessibility check runs; any violation fails, not only serious ones. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

declare global {
  interface Window {
    axe?: typeof axeCore;
  }
}

/**
 * axe-core itself, in the page's own document, once per document: `axe.run` there as
 * @axe-core/playwright's legacy mode runs it (our pages have no frames). That wrapper sent axe's
 * 540 KB to the page twice on every check; a document checked again (a dialog opened, a step
 * further) reuses the copy it has, and a new document gets one.
 */
async function ensureAxe(page: Page) {
  if (await page.evaluate(() => typeof window.axe?.run === 'function')) return;
  await page.evaluate(axeCore.source);
}

/**
 * axe-core for this page with the WCAG 2.2 AA tags. Only violations come back element by element:
 * passes, incomplete and inapplicable results name one element each (axe's `resultTypes`), so a
 * page of 4,000 elements is not serialised whole for results nobody reads.
 * @example const { violations } = await axe(page).include('#player').analyze()
 */
export function axe(page: Page, tags: string[] = WCAG) {
  const include: string[] = [];
  const builder = {
    /** Checks only what matches the selector (and what is inside it). */
    include(selector: string) {
      include.push(selector);
      return builder;
    },
    async analyze(): Promise<AxeResults> {
      await ensureAxe(page);
      return page.evaluate(
        ({ include, tags }) => {
          const context: ElementContext = include.length ? { include } : document;
          return window.axe!.run(context, {
            runOnly: { type: 'tag', values: tags },
            resultTypes: ['violations'],
          });
        },
        { include, tags },
      );
    },
  };
  return builder;
}

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
