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

  test('a wrong code is refused in Russian on the page itself (422, not a 404); a guest on /code is sent to sign in with the code kept', async ({
    page,
    browser,
  }) => {
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto('/code?user_code=bcdf-ghjk');
    await expect(guestPage).toHaveURL(/\/code\/auth\?user_code=BCDF-GHJK$/);
    await noViolations(guestPage, '/code/auth');
    await guest.close();

    await signInSocially(page, `wrong-${unique()}@example.ru`);
    await page.goto('/code');
    await page.getByLabel('Код с экрана').fill('BCDF-GHJK');
    // The page is there, with its error: a form answer, not a missing page (no 404).
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Подтвердить вход' }).click();
    expect((await answer).status()).toBe(422);
    await expect(page.getByRole('alert')).toHaveText(
      'Код не найден или устарел. Проверьте код на экране телевизора или запросите новый',
    );
    await expect(page.getByLabel('Код с экрана')).toHaveAttribute('aria-invalid', 'true');
    await noViolations(page, '/code with an error');
  });
});
