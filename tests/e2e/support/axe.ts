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

/** The narrowest width a page must reflow at (WCAG 1.4.10) and a wide one. */
export const WIDTHS = [320, 1440] as const;

/**
 * Loads `path` at 320 px and runs `check` at each of WIDTHS: as loaded, then widened to 1440 px.
 * The same document, as a viewer widening the window or turning a tablet sees it; two frames let
 * the islands' resize and media-query listeners follow. One load a route instead of two.
 * @example await atBothWidths(page, '/faq', (width) => noViolations(page, `/faq at ${width} px`))
 */
export async function atBothWidths(
  page: Page,
  path: string,
  check: (width: number) => Promise<void>,
) {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
    await check(width);
  }
}

/** How far the page scrolls sideways beyond `width`, in CSS px (0 when it reflows). */
export async function overflow(page: Page, width: number) {
  return Math.max(0, (await page.evaluate(() => document.documentElement.scrollWidth)) - width);
}
