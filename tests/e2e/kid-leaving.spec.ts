import { expect, type Page, test } from '@playwright/test';
import { signUpWithParentalControl } from './support/accounts.ts';

// What a kid profile's header and settings offer, and the refusals: tests/pages/kid-leaving.test.ts.

const PASSWORD = 'correct horse 1';
const menuButton = (page: Page) => page.locator('header .account-menu summary');

test('leaving a kid profile from the header menu asks for the PIN every time while parental control is on', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL!, 'cf-connecting-ip': '198.51.100.230' },
  });
  const { request } = context;
  // An account with parental control on: setting the PIN also entered it for this session.
  await signUpWithParentalControl(request, 'kid-leaving', PASSWORD);
  const adult = (
    (await (await request.get('/auth/users/')).json()) as { results: { name: string }[] }
  ).results[0]!.name;
  const kid = await request.post('/auth/users/', { data: { name: 'Маша', isKid: true } });
  const { id: kidId } = (await kid.json()) as { id: number };
  expect((await request.post('/auth/users/switch/', { data: { userId: kidId } })).status()).toBe(
    200,
  );

  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-kid', '');
  for (let round = 0; round < 2; round++) {
    await menuButton(page).click();
    // No way around the switch in the kid's menu.
    await expect(page.locator('header .account-menu').getByText('Выйти')).toHaveCount(0);
    await page
      .getByRole('link', { name: new RegExp(`^Переключиться на\\sпрофиль ${adult}`) })
      .click();
    // The PIN is asked at once, not a silent stop.
    const dialog = page.getByRole('dialog', { name: 'Введите PIN-код' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/profiles\?switch=\d+$/);
    await expect(page.locator('html')).toHaveAttribute('data-kid', '');
    await dialog.getByLabel('PIN-код из 4 цифр').fill('2580');
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-kid');
    await expect(menuButton(page)).toContainText(adult);
    // Back to the kid: one click, nothing asked; the way out asks again in the next round.
    await menuButton(page).click();
    await page.getByRole('link', { name: /^Переключиться на\sпрофиль Маша/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-kid', '');
  }
  await context.close();
});
