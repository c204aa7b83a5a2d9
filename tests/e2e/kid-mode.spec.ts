import { expect, type Page, test } from '@playwright/test';
import { signUpByEmail } from './support/accounts.ts';
import { engage } from './support/shelves.ts';

// Its own client address: sign-ups here must not spend the allowance other files share.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.62' } });

test.use({ viewport: { width: 1440, height: 900 } });

// The kid home's greeting, shelves and lack of anything to buy, and what a kid profile is refused:
// tests/pages/kid-mode.test.ts.

// Creates its own account (a fresh e-mail), so it shares no rows with other journeys.
const email = `kid-mode-${Date.now()}@example.ru`;
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 8790}`;

const menuButton = (page: Page) => page.locator('header .account-menu summary');

/** The width of the first poster card on the page's first shelf (a later shelf: it comes on input). */
const firstTileWidth = async (page: Page) => {
  await engage(page);
  return (await page.locator('.shelf .card').first().boundingBox())!.width;
};

test('a kid profile has its own header, home and theme, and goes back to the adult profile in one click', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpByEmail(page, email, 'correct horse 1');
  const profiles = (await (await page.request.get('/auth/users/')).json()).results as {
    name: string;
  }[];
  const adult = profiles[0]!.name;

  // The adult profile's header: its avatar and name; the adult home for comparison.
  await page.goto('/');
  await expect(menuButton(page)).toContainText(adult);
  await expect(menuButton(page).locator('img')).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-kid');
  const adultTile = await firstTileWidth(page);

  const kid = await page.request.post('/auth/users/', {
    data: { name: 'Маша', isKid: true },
    headers: { origin: ORIGIN },
  });
  expect(kid.status()).toBe(201);

  // Switch from the header menu: one click on the profile, the kid's home follows.
  await page.reload();
  await menuButton(page).click();
  await page.getByRole('link', { name: /^Переключиться на\sпрофиль Маша/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-kid', '');
  await expect(page).toHaveURL(/\/$/);

  // The kid header: avatar and name.
  await expect(menuButton(page)).toContainText('Маша');
  await expect(menuButton(page).locator('img')).toBeVisible();

  // The kid theme, and bigger tiles than the adult home's.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(11, 11, 15)');
  expect(await firstTileWidth(page)).toBeGreaterThan(adultTile * 1.15);

  // Back to the adult profile: one click in the header menu.
  await menuButton(page).click();
  await page
    .getByRole('link', { name: new RegExp(`^Переключиться на\\sпрофиль ${adult}`) })
    .click();
  await expect(page.locator('html')).not.toHaveAttribute('data-kid');
  await expect(menuButton(page)).toContainText(adult);
  await expect(page.locator('.kid-hero')).toHaveCount(0);
});
