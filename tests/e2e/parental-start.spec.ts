import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signUpWithParentalControl } from './support/accounts.ts';

const PASSWORD = 'correct horse 1';

/** An account with parental control on (PIN set through the API), and its e-mail. */
const accountWithParentalControl = async (request: APIRequestContext) =>
  (await signUpWithParentalControl(request, 'start-pin', PASSWORD)).email;

/** A browser of its own address (no other journey's sign-ins count), signed in by the API. */
async function signedInBrowser(browser: Browser, baseURL: string, ip: string, email?: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'cf-connecting-ip': ip },
  });
  const who = email ?? (await accountWithParentalControl(context.request));
  if (email) {
    const signIn = await context.request.post('/auth/email/sign_in/', {
      data: { email, password: PASSWORD },
    });
    expect(signIn.status()).toBe(200);
  }
  return { context, email: who };
}

/** A page is loaded and its scripts have run (the header's script decides about the popup). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

test('an adult profile with parental control on is asked for the PIN on the session’s first page, once; a PIN page does not ask', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Set up on one device, where setting the PIN entered it; the viewer comes on another.
  const setup = await signedInBrowser(browser, baseURL!, '198.51.100.210');
  const { context } = await signedInBrowser(browser, baseURL!, '198.51.100.211', setup.email);
  await setup.context.close();

  const page = await context.newPage();
  // React and the popup load only for the popup: the home page has no PIN popup island.
  await page.goto('/');
  const popup = page.getByRole('dialog', { name: 'Введите PIN-код' });
  await expect(popup).toBeVisible();
  await expect(page.locator('astro-island[component-url*="PinPopup"]')).toHaveCount(0);
  await popup.getByRole('button', { name: 'Закрыть' }).click();
  await expect(popup).toHaveCount(0);

  // The same session's next page does not ask again.
  await page.goto('/series');
  await settled(page);
  await expect(page.getByRole('dialog', { name: 'Введите PIN-код' })).toHaveCount(0);

  // Another tab is a session of its own: its PIN page does not ask, its next page does.
  const tab = await context.newPage();
  await tab.goto('/settings/parental');
  await settled(tab);
  await expect(tab.getByRole('dialog', { name: 'Введите PIN-код' })).toHaveCount(0);
  await tab.goto('/movies');
  const asked = tab.getByRole('dialog', { name: 'Введите PIN-код' });
  await expect(asked).toBeVisible();
  // Entered there, the PIN holds in a tab opened while that one is open: nothing asks again.
  await asked.getByLabel('PIN-код из 4 цифр').fill('2580');
  await asked.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(asked).toHaveCount(0);
  const third = await context.newPage();
  await third.goto('/series');
  await settled(third);
  await expect(third.getByRole('dialog', { name: 'Введите PIN-код' })).toHaveCount(0);
  await context.close();
});

test('a kid profile of an account with parental control on is asked nothing at start', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { context, email } = await signedInBrowser(browser, baseURL!, '198.51.100.212');
  await context.close();
  // The account's kid profile, chosen through the API on a device where the PIN is not entered.
  const { context: kid } = await signedInBrowser(browser, baseURL!, '198.51.100.213', email);
  const created = await kid.request.post('/auth/users/', { data: { name: 'Малыш', isKid: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const switched = await kid.request.post('/auth/users/switch/', { data: { userId: id } });
  expect(switched.status(), await switched.text()).toBe(200);

  const page = await kid.newPage();
  await page.goto('/');
  await expect(page.locator('html[data-kid]')).toHaveCount(1);
  await settled(page);
  await expect(page.locator('.pin-backdrop')).toHaveCount(0);
  await kid.close();
});
