import { expect, type Page, test } from '@playwright/test';
import { signUpByEmail } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';

// Creates its own account (a fresh e-mail), so it shares no rows with other journeys.
test.describe.configure({ mode: 'serial' });

const email = `profiles-${Date.now()}@example.ru`;
const signUp = (page: Page) => signUpByEmail(page, email, 'correct horse 1');

/** The page's island has hydrated (client:idle): its buttons do something. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

test('a viewer creates a kid profile on /settings/profiles in its dialog, renames it and switches to it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto('/settings/profiles');
  await expect(page.getByRole('heading', { level: 1, name: 'Профили' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Профили аккаунта' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await hydrated(page);
  await noViolations(page, 'profiles page');

  // Create a kid profile in the dialog, choosing an avatar.
  const addKid = page.getByRole('button', { name: 'Добавить детский профиль' });
  await addKid.click();
  const dialog = page.getByRole('dialog', { name: 'Новый профиль' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Имя профиля')).toBeFocused();
  await dialog.getByLabel('Имя профиля').fill('Маша');
  await expect(dialog.getByLabel('Детский профиль (только контент 6+)')).toBeChecked();
  await dialog.getByRole('radio', { name: 'Аватар 11' }).check();
  await noViolations(page, 'create dialog');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Профиль «Маша» создан.' }),
  ).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'Маша' })).toContainText('Детский');
  await expect(list.locator('img[src*="/media/art/avatar/11.svg"]')).toHaveCount(1);
  await expect(addKid).toBeFocused();

  // Rename it; the page after a reload shows the server's list.
  await page.getByRole('button', { name: 'Изменить профиль «Маша»' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменить профиль' });
  await edit.getByLabel('Имя профиля').fill('Маша Д.');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(list.getByRole('heading', { name: 'Маша Д.' })).toBeVisible();
  await page.reload();
  await expect(list.getByRole('heading', { name: 'Маша Д.' })).toBeVisible();
  await hydrated(page);

  // Switch: the page is hidden while the switch runs, then the home page as the kid profile.
  let hiddenDuringSwitch = false;
  await page.route(/\/auth\/users\/switch\//, async (route) => {
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).visibility))
      .toBe('hidden');
    hiddenDuringSwitch = true;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Переключиться на профиль «Маша Д.»' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'is_kid')?.value).toBe('true');
  expect(hiddenDuringSwitch, 'the page was hidden while switching').toBe(true);
  await page.unrouteAll();

  // What the kid profile is shown and refused: tests/pages/profiles.test.ts.
  await page.goto('/settings/profiles');
  await noViolations(page, 'profiles page, kid profile');
});
