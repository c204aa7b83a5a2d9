import { expect, test } from '@playwright/test';
import { axe } from './support/axe.ts';
import { bringLaterShelves, engage } from './support/shelves.ts';

test.describe('support', () => {
  test('the widget opens the support popup without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Поддержка' }).click();
    await expect(page.getByRole('dialog', { name: 'Напишите нам' })).toBeVisible();
    await context.close();
  });

  test('the popup is accessible and closes with its button and Escape', async ({ page }) => {
    await page.goto('/series');
    await page.getByRole('button', { name: 'Поддержка' }).click();
    const popup = page.getByRole('dialog', { name: 'Напишите нам' });
    await expect(popup).toBeVisible();
    const { violations } = await axe(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .include('#support-popup')
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toBeHidden();
    await page.getByRole('button', { name: 'Поддержка' }).click();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });
});

test.describe('the support control', () => {
  for (const size of [
    { width: 375, height: 812 },
    { width: 1440, height: 900 },
  ])
    test(`covers no link, button or card at ${size.width}×${size.height}: the home page scrolled to the bottom and /tv`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      for (const path of ['/', '/tv']) {
        await page.goto(path);
        if (path === '/') {
          await engage(page);
          await bringLaterShelves(page);
        }
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const control = page.locator('[popovertarget="support-popup"]:not(#support-popup *)');
        await expect(control, path).toHaveCount(1);
        await expect(control, path).toBeInViewport();
        // Every control and card whose box meets the support control's, named with both boxes.
        const covered = await control.evaluate((own) => {
          const box = (r: DOMRect) =>
            `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
          const f = own.getBoundingClientRect();
          return [
            ...document.querySelectorAll(
              'a, button, input, select, textarea, summary, [data-card], .tile, .carousel__slide, .badge',
            ),
          ]
            .filter((el) => el !== own && !el.contains(own) && !own.contains(el))
            .filter(
              (el) =>
                el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
            )
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.right > f.left && r.left < f.right && r.bottom > f.top && r.top < f.bottom;
            })
            .map(
              (el) =>
                `${el.outerHTML.slice(0, 80)} at ${box(el.getBoundingClientRect())} under ${box(f)}`,
            );
        });
        expect(covered, path).toEqual([]);
        // In the page's flow, never floating over what scrolls under it.
        expect(
          await control.evaluate((el) => {
            for (let at: Element | null = el; at; at = at.parentElement)
              if (['fixed', 'sticky'].includes(getComputedStyle(at).position)) return at.tagName;
            return null;
          }),
          path,
        ).toBeNull();
      }
    });
});
