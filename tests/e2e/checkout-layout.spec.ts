import { expect, type Page, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';
import { signInAsDemo } from './support/demo.ts';

/**
 * The checkout's and the payment history's layout on a phone (375 px), which only a browser lays
 * out: the payment screen's «Как оплатить» inside its card, the history as cards whose every value
 * is labelled, and nothing scrolling sideways, with no axe violation. What the pages say is tests/pages/checkout.test.ts's.
 */

test.use({ viewport: { width: 375, height: 812 } });

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test('at 375 px the payment screen’s «Как оплатить» sits inside its card, and nothing scrolls sideways', async ({
  page,
  baseURL,
}) => {
  await signInAsDemo(page.request, baseURL!);
  // What /payment leaves behind: the tariff and its yearly period.
  await page.context().addCookies(
    [
      ['tariffId', '1'],
      ['subscriptionId', '3'],
      ['tariffType', 'SVOD'],
    ].map(([name, value]) => ({ name: name!, value: value!, url: baseURL! })),
  );
  await page.goto('/payment-type');
  const heading = page.getByText('Как оплатить', { exact: true });
  await expect(heading).toBeVisible();
  // The card is the fieldset the heading names; inside it, the heading keeps the card's padding.
  const inside = await heading.evaluate((legend) => {
    const card = legend.closest('fieldset')!;
    const box = legend.getBoundingClientRect();
    const edge = card.getBoundingClientRect();
    const style = getComputedStyle(card);
    const pad = { top: parseFloat(style.paddingTop), left: parseFloat(style.paddingLeft) };
    return {
      top: box.top - edge.top >= pad.top - 1,
      left: box.left - edge.left >= pad.left - 1,
      right: box.right <= edge.right + 0.5,
      bottom: box.bottom <= edge.bottom + 0.5,
    };
  });
  expect(inside).toEqual({ top: true, left: true, right: true, bottom: true });
  await expect(page.getByRole('radio', { name: /Банковская карта/ })).toBeVisible();
  await noSidewaysScroll(page);
  await noViolations(page, '/payment-type with a purchase chosen at 375 px');
});

test('at 375 px the payment history is a stack of cards, each value under its label, and nothing scrolls sideways', async ({
  page,
  baseURL,
}) => {
  await signInAsDemo(page.request, baseURL!);
  await page.goto('/payment-history');
  const rows = page.locator('main tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  await noSidewaysScroll(page);
  const labels = ['Дата', 'Что', 'Сумма', 'Способ оплаты', 'Статус', 'Чек'];
  for (const row of await rows.all()) {
    const card = await row.boundingBox();
    expect(card!.width).toBeLessThanOrEqual(375);
    for (const [i, label] of labels.entries()) {
      const cell = row.locator('td').nth(i);
      // Each value is shown under its own label, and no cell is cut off by the card.
      await expect(cell).toBeVisible();
      await expect(cell.getByText(label, { exact: true }).first()).toBeVisible();
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(card!.x);
      expect(box.x + box.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
    }
  }
  await noViolations(page, '/payment-history at 375 px');
  // The rows stack: each card below the one before.
  const boxes = await Promise.all((await rows.all()).map((r) => r.boundingBox()));
  for (let i = 1; i < boxes.length; i += 1)
    expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
});

test('at 1440 px and just above a phone’s 640 px the payment history is a table whose columns fit without scrolling', async ({
  page,
  baseURL,
}) => {
  await signInAsDemo(page.request, baseURL!);
  for (const width of [1440, 641]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/payment-history');
    await expect(page.getByRole('columnheader', { name: 'Сумма' })).toBeVisible();
    const fits = await page
      .locator('main table')
      .evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth);
    expect(fits, `${width} px`).toBe(true);
    // Labels inside the cells are a phone's: a wider screen reads the column headers alone.
    const dateLabels = page.locator('main td').getByText('Дата', { exact: true });
    expect(await dateLabels.count()).toBe(await page.locator('main tbody tr').count());
    for (const label of await dateLabels.all()) await expect(label).toBeHidden();
  }
});
