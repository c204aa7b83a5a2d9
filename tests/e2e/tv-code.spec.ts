import { expect, type Page, test } from '@playwright/test';
import { allowAs, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';

const accountMenu = (page: Page) => page.locator('.account-menu');

/** Signs a page in through the local provider as a new person (quicker than a code by e-mail). */
async function signInSocially(page: Page, email: string) {
  await page.goto('/auth');
  await page.locator('.auth').getByRole('link', { name: 'Войти через Google' }).click();
  await allowAs(page, 'Пётр Сидоров', email);
  await expect(accountMenu(page)).toHaveCount(1);
}

test.describe('TV code', () => {
  test('a second browser on /big-screen signs in once a signed-in browser confirms its code on /code', async ({
    browser,
  }) => {
    test.slow(); // the device polls every 5 seconds, as RFC 8628 asks
    const tvContext = await browser.newContext();
    const tv = await tvContext.newPage();
    await tv.goto('/big-screen');
    await expect(accountMenu(tv)).toHaveCount(0);
    const pairing = tv.locator('section', {
      has: tv.getByRole('heading', { name: 'Войти с другого устройства' }),
    });
    await pairing.getByRole('button', { name: 'Показать код' }).click();
    const codeText = pairing.locator('.pairing__code');
    await expect(codeText).toHaveText(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    const code = (await codeText.textContent())!;
    await expect(pairing.getByRole('img', { name: /QR-код/ }).locator('svg')).toHaveCount(1);

    const phoneContext = await browser.newContext();
    const phone = await phoneContext.newPage();
    await signInSocially(phone, `tv-${unique()}@example.ru`);
    await phone.goto(`/code?user_code=${code}`);
    await expect(phone.getByLabel('Код с экрана')).toHaveValue(code);
    await noViolations(phone, '/code');
    await phone.getByRole('button', { name: 'Подтвердить вход' }).click();
    await expect(phone.getByRole('status')).toHaveText(
      'Готово! Телевизор войдёт в аккаунт через несколько секунд',
    );

    await expect(accountMenu(tv)).toHaveCount(1, { timeout: 20_000 });
    await expect(tv).toHaveURL(/\/big-screen$/);
    await tvContext.close();
    await phoneContext.close();
  });

  // Where a guest on /code is sent, and the wrong code's 422, text and invalid field:
  // tests/pages/tv-code.test.ts.
  test('a guest’s sign-in for a TV code and a refused code on /code have no accessibility violations', async ({
    page,
    browser,
  }) => {
    // Two browser contexts, a sign-in and two axe runs: over 30 s on a busy two-core machine.
    test.setTimeout(60_000);
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto('/code/auth?user_code=BCDF-GHJK');
    await noViolations(guestPage, '/code/auth');
    await guest.close();

    await signInSocially(page, `wrong-${unique()}@example.ru`);
    await page.goto('/code');
    await page.getByLabel('Код с экрана').fill('BCDF-GHJK');
    await page.getByRole('button', { name: 'Подтвердить вход' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await noViolations(page, '/code with an error');
  });
});
