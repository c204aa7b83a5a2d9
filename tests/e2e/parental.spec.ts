import { expect, type Page, test } from '@playwright/test';
import { signUpByEmail } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { d1 } from './support/d1.ts';
import { latestCode } from './support/outbox.ts';

// Creates its own account (a fresh e-mail), so it shares no rows with other journeys.
test.describe.configure({ mode: 'serial' });
// Its own client IP: five wrong PINs and the code checks count per IP, and other journeys share the default.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.200' } });

const email = `parent-${Date.now()}@example.ru`;
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 8790}`;
const signUp = (page: Page) => signUpByEmail(page, email, 'correct horse 1');

test('a signed-up viewer sets a PIN, is asked for it, is locked after five wrong PINs and resets it with the e-mailed code', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  // What the overview says before any script: tests/pages/parental.test.ts.
  await page.goto('/settings/parental');
  await noViolations(page, 'overview');

  // age → setup → success
  await page.getByRole('link', { name: 'Включить родительский контроль' }).click();
  await expect(page).toHaveURL(/step=age/);
  await page.getByLabel('16+').check();
  await noViolations(page, 'age');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Задайте PIN-код' })).toBeVisible();
  await page.getByLabel('PIN-код из 4 цифр').fill('2580');
  await page.getByLabel('Повторите PIN-код').fill('2580');
  await noViolations(page, 'setup');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Готово' })).toBeVisible();
  await expect(page.getByText('Родительский контроль включён · 16+')).toBeVisible();
  await noViolations(page, 'success');
  expect((await page.context().cookies()).find((c) => c.name === 'pin_status')?.value).toBe(
    'entered',
  );

  // A new tab after every tab closed: the entry is cleared; an 18+ title asks for the PIN.
  await page.goto('/');
  const page2 = await page.context().newPage();
  await page.close();
  await page2.goto('/');
  await expect
    .poll(async () => (await page2.context().cookies()).find((c) => c.name === 'pin_status')?.value)
    .toBe('not_entered');
  const movies = (await (await request.get('/cms/content/movies/?page_size=60')).json()) as {
    results: { url: string; ageRating: string }[];
  };
  const adult = movies.results.find((m) => m.ageRating === '18+');
  expect(adult, 'an 18+ movie in the seed').toBeTruthy();
  await page2.goto(adult!.url);
  const popup = page2.getByRole('dialog', { name: 'Введите PIN-код' });
  await expect(popup).toBeVisible();
  await noViolations(page2, 'PIN popup');

  // Five wrong PINs: tries counted down, then the lock in Russian.
  const pin = popup.getByLabel('PIN-код из 4 цифр');
  for (let left = 4; left >= 1; left--) {
    await pin.fill('0000');
    await popup.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(popup.getByRole('alert')).toHaveText(
      new RegExp(`Неверный PIN-код. Остал(ось|ась) ${left} попытк`),
    );
  }
  await pin.fill('0000');
  await popup.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(popup.getByRole('alert')).toHaveText(/Ввод PIN-кода заблокирован на 15 минут/);
  await pin.fill('2580');
  await popup.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(popup.getByRole('alert')).toHaveText(/заблокирован/);

  // Reset with the code from the outbox: the lock goes, the new PIN works.
  await popup.getByRole('link', { name: 'Забыли PIN-код?' }).click();
  await expect(
    page2.getByRole('heading', { level: 1, name: 'Восстановление PIN-кода' }),
  ).toBeVisible();
  await noViolations(page2, 'recovery');
  // One message a minute per address, and the sign-up code went out moments ago: the minute
  // passes at once (the Worker's own SQL route; no other journey counts on that throttle). The
  // throttle itself: functions/domains/auth/phone-sign-in.test.ts.
  await d1(request, "DELETE FROM rate_limits WHERE key LIKE 'send-minute:%'");
  const since = new Date(Date.now() - 1000);
  await page2.getByRole('button', { name: 'Отправить код' }).click();
  await expect(page2.getByRole('status')).toContainText('Код отправлен');
  await page2.getByLabel('Код из письма или SMS').fill(await latestCode(request, email, { since }));
  await page2.getByLabel('Новый PIN-код из 4 цифр').fill('1357');
  await page2.getByLabel('Повторите PIN-код').fill('1357');
  await noViolations(page2, 'recovery code');
  await page2.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page2.getByRole('heading', { level: 1, name: 'Готово' })).toBeVisible();
  // Entered now: the title opens without the popup.
  await page2.goto(adult!.url);
  await expect(page2.getByRole('heading', { level: 1 })).toBeVisible();
  await page2.waitForTimeout(500);
  await expect(page2.getByRole('dialog', { name: 'Введите PIN-код' })).toHaveCount(0);
});

test('the other account-security steps render without accessibility violations', async ({
  page,
}) => {
  await page.goto('/auth?step=signin');
  const form = page.locator('.auth');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Пароль', { exact: true }).fill('correct horse 1');
  await form.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('link', { name: 'Войти', exact: true })).toHaveCount(0);
  for (const [step, heading] of [
    ['checking', 'Проверка PIN-кода'],
    ['change', 'Смена PIN-кода'],
    ['verification', 'Подтверждение'],
    ['recoveryError', 'Не удалось восстановить PIN-код'],
  ]) {
    await page.goto(`/settings/parental?step=${step}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await noViolations(page, step!);
  }
});

test('no page of a signed-in account without the PIN entered asks for the parental status; the 18+ title asks for the PIN from the status that came with it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.202', origin: ORIGIN },
  });
  await context.request.post('/auth/email/sign_in/', {
    data: { email, password: 'correct horse 1' },
  });
  const page = await context.newPage();
  const statusCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/parental-control\/?$/.test(new URL(r.url()).pathname)) statusCalls.push(r.url());
  });
  // Every page renders the status into its config (tests/pages/parental.test.ts).
  for (const path of ['/', '/series', '/faq', '/settings/parental']) await page.goto(path);
  const movies = (await (
    await context.request.get('/cms/content/movies/?page_size=60')
  ).json()) as {
    results: { url: string; ageRating: string }[];
  };
  await page.goto(movies.results.find((m) => m.ageRating === '18+')!.url);
  await expect(page.getByRole('dialog', { name: 'Введите PIN-код' })).toBeVisible();
  expect(statusCalls, 'the status came with the page').toEqual([]);
  await context.close();
});
