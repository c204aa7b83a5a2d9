import { expect, type Locator, type Page } from '@playwright/test';

/** What has the focus (tag and name), and whether it shows: :focus-visible with an outline or shadow. */
function focusNow(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { what: 'nothing', shown: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return {
      what: `${el.tagName.toLowerCase()} «${name}»`,
      shown: el.matches(':focus-visible') && (outline || shadow),
    };
  });
}

/** The element with the keyboard focus shows it (WCAG 2.4.7), not merely holds the focus. */
export async function expectFocusVisible(page: Page) {
  const focus = await focusNow(page);
  expect(focus.shown, `the focus on ${focus.what} is visible`).toBe(true);
}

/**
 * Presses Tab until `target` has the focus (at most `max` times), the keyboard's way there, and
 * checks that the focus shows at every stop on the way.
 */
export async function tabTo(page: Page, target: Locator, max = 80) {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusNow(page);
    stops.push(focus.what);
    expect(
      focus.shown,
      `the focus on ${focus.what} is visible; Tab went ${stops.join(' → ')}`,
    ).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target} is not reached with Tab: ${stops.join(' → ')}`);
}
