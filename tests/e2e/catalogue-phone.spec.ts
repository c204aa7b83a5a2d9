import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 375, height: 812 } });

test.describe('a catalogue section on a phone', () => {
  test('the sorts are one line of chips and the page does not scroll sideways', async ({
    page,
  }) => {
    await page.goto('/series');
    const chips = page.getByRole('list', { name: 'Сортировка' }).getByRole('link');
    await expect(chips).toHaveCount(3);
    const tops = await chips.evaluateAll((links) =>
      links.map((a) => Math.round(a.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    // The desktop's disclosures give way to the sheet's button.
    await expect(page.locator('details.filter').first()).toBeHidden();
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`the filters open in a sheet from the bottom, and it shows the titles chosen (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: { width: 375, height: 812 },
      });
      const page = await context.newPage();
      await page.goto('/movies?sort=new');
      const sheet = page.getByRole('form', { name: 'Фильтры' });
      await expect(sheet).toBeHidden();
      await page.locator('summary', { hasText: 'Фильтры' }).click();
      await expect(sheet).toBeVisible();
      // It rises from the bottom of the screen.
      const box = (await sheet.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(812);
      await sheet.getByLabel('Жанры').selectOption({ label: 'Драма' });
      await sheet.getByLabel('Возраст').selectOption('12');
      await sheet.getByRole('button', { name: 'Показать' }).click();
      await expect(page).toHaveURL(/\/movies\?/);
      const query = new URL(page.url()).searchParams;
      expect([query.get('genre'), query.get('age'), query.get('sort')]).toEqual([
        'drama',
        '12',
        'new',
      ]);
      // With scripting the address names only the filters set, as the links do.
      if (javaScriptEnabled) expect([...query.keys()].sort()).toEqual(['age', 'genre', 'sort']);
      await expect(page.locator('summary', { hasText: 'Фильтры' })).toHaveText(/Фильтры.*2/);
      await expect(page.getByRole('form', { name: 'Фильтры' })).toBeHidden();
      await context.close();
    });
  }

  test('the filter sheet leaves as a dialog would: Escape closes it and focus goes back to «Фильтры», and Tab past its last control closes it', async ({
    page,
  }) => {
    // A filter set: the sheet ends with «Сбросить», after «Показать».
    await page.goto('/movies?genre=drama');
    const opener = page.locator('summary', { hasText: 'Фильтры' });
    const sheet = page.getByRole('form', { name: 'Фильтры' });
    await opener.click();
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('Жанры').focus();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    await sheet.getByRole('link', { name: 'Сбросить' }).focus();
    // Whether anything under the backdrop takes the focus while the sheet is still open.
    await page.evaluate(() => {
      const details = document.querySelector<HTMLDetailsElement>('details.sheet')!;
      document.addEventListener('focusin', (e) => {
        if (details.open && !details.contains(e.target as Node)) document.body.dataset.under = '1';
      });
    });
    await page.keyboard.press('Tab');
    await expect(sheet).toBeHidden();
    expect(await page.evaluate(() => document.activeElement?.closest('details.sheet'))).toBeNull();
    expect(await page.evaluate(() => document.body.dataset.under)).toBeUndefined();
  });
});
