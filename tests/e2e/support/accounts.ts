import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { START_POPUP_KEY } from '../../../src/lib/pin-tabs.ts';
import { latestCode } from './outbox.ts';

/**
 * Every tab of `context` starts its session with the at-start PIN popup already shown (as after
 * the viewer closed it): a fresh account's first page shows it (docs/product.md, «How things
 * change»), and journeys about something else must not race it. tests/e2e/parental-start.spec.ts
 * is the journey of the popup itself.
 */
export async function startPopupSeen(context: BrowserContext) {
  await context.addInitScript((key) => {
    try {
      sessionStorage.setItem(key, '1');
    } catch {
      // A document without storage (about:blank, a data: URL) has no popup either.
    }
  }, START_POPUP_KEY);
}

/** A fresh suffix per call: the e2e database is shared by the tests of one run. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Signs up through the /auth screens with the code from the outbox, as a viewer would, and waits
 * until the page shows the viewer signed in.
 * @example await signUpByEmail(page, `viewer-${unique()}@example.ru`, 'correct horse 1')
 */
export async function signUpByEmail(
  page: Page,
  email: string,
  password: string,
  from = '/auth?step=signup',
) {
  await startPopupSeen(page.context());
  await page.goto(from);
  const form = page.locator('.auth');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Пароль', { exact: true }).fill(password);
  const since = new Date(Date.now() - 1000);
  await form.getByRole('button', { name: 'Получить код' }).click();
  await expect(form.getByRole('status')).toContainText(email);
  await form
    .getByLabel('Код подтверждения')
    .fill(await latestCode(page.request, email, { since, purpose: 'sign_up_code' }));
  await form.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.locator('.account-menu')).toHaveCount(1);
}

/** Signs in with e-mail and password on /auth, as a viewer would on a second device. */
export async function signInByEmail(page: Page, email: string, password: string) {
  await startPopupSeen(page.context());
  await page.goto('/auth?step=signin');
  const form = page.locator('.auth');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Пароль', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Войти' }).click();
  await expect(page.locator('.account-menu')).toHaveCount(1);
}

/**
 * On the local identity provider's page (/dev/oauth/{provider}/authorize): sign in as a typed
 * person and allow, as a viewer would at the real provider.
 */
export async function allowAs(page: Page, name: string, email: string) {
  await startPopupSeen(page.context());
  await expect(page).toHaveURL(/\/dev\/oauth\/\w+\/authorize\?/);
  await page.getByLabel('Другой пользователь').check();
  await page.getByLabel('Имя', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Разрешить' }).click();
}

/**
 * Signs up a fresh account through the API with `request` (whose cookies then hold its session)
 * and turns parental control on with the PIN 2580 for 18+, which also enters it for that session.
 * @example const { email, accountId } = await signUpWithParentalControl(context.request, 'start-pin')
 */
export async function signUpWithParentalControl(
  request: APIRequestContext,
  prefix: string,
  password = 'correct horse 1',
): Promise<{ email: string; accountId: number }> {
  const email = `${prefix}-${unique()}@example.ru`;
  const since = new Date(Date.now() - 1000);
  expect((await request.post('/auth/email/sign_up/', { data: { email, password } })).status()).toBe(
    202,
  );
  const code = await latestCode(request, email, { since, purpose: 'sign_up_code' });
  const signedUp = await request.post('/auth/email/sign_up/', {
    data: { email, password, code },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const { accountId } = (await signedUp.json()) as { accountId: number };
  const set = await request.post(`/auth/accounts/${accountId}/pin-code/set`, {
    data: { pin: '2580', ageLimit: 18 },
  });
  expect(set.status(), await set.text()).toBe(201);
  return { email, accountId };
}
