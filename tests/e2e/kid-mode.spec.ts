import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signUpByEmail } from './support/accounts.ts';

// Its own client address: sign-ups here must not spend the allowance other files share.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.62' } });

// Creates its own account (a fresh e-mail), so it shares no rows with other journeys.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

const email = `kid-mode-${Date.now()}@example.ru`;
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 8790}`;

const menuButton = (page: Page) => page.locator('header .account-menu summary');

/** The width of the first poster card on the page's first shelf. */
const firstTileWidth = async (page: Page) =>
  (await page.locator('.shelf .card').first().boundingBox())!.width;

async function adultItems(request: APIRequestContext) {
  const movies = (await (await request.get('/cms/content/movies/?page_size=60')).json())
    .results as { url: string; ageRating: string }[];
  const channels = (await (await request.get('/cms/tv/channels/')).json()).results as {
    slug: string;
    ageRating: string;
  }[];
  return {
    title: movies.find((m) => m.ageRating === '18+')!.url,
    channel: channels.find((c) => !['0+', '6+'].includes(c.ageRating))!.slug,
  };
}

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

  // The kid home: a greeting, the kid theme, nothing to buy.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Привет, Маша!');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(11, 11, 15)');
  const main = page.locator('main');
  await expect(main.locator('a[href^="/advantages"], a[href^="/paywall"], .hero')).toHaveCount(0);
  await expect(main).not.toContainText(/₽|руб\.|подписк|Попробовать|купить/i);

  // Full shelves, no title twice, bigger tiles than the adult home's.
  const shelves = page.locator('.shelf');
  expect(await shelves.count()).toBeGreaterThanOrEqual(4);
  for (const shelf of await shelves.all())
    expect(await shelf.locator('.card').count()).toBeGreaterThanOrEqual(6);
  const links = await main
    .locator('.card__link')
    .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);
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

test('a channel or title refused to a kid profile says why, with the forbidden screen', async ({
  browser,
  request,
}) => {
  const items = await adultItems(request);
  const context = await browser.newContext({ extraHTTPHeaders: { origin: ORIGIN } });
  expect(
    (
      await context.request.post('/auth/email/sign_in/', {
        data: { email, password: 'correct horse 1' },
      })
    ).status(),
  ).toBe(200);
  const list = (await (await context.request.get('/auth/users/')).json()).results as {
    id: number;
    isKid: boolean;
  }[];
  const kid = list.find((p) => p.isKid)!;
  expect(
    (await context.request.post('/auth/users/switch/', { data: { userId: kid.id } })).status(),
  ).toBe(200);
  const page = await context.newPage();

  const channel = await page.goto(`/tv/${items.channel}`);
  expect(channel?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Нет доступа');
  await expect(page.locator('main')).toContainText('Этот канал не для детского профиля');
  await expect(page.locator('main')).not.toContainText('Страница не найдена');
  await expect(page.getByRole('link', { name: 'Сменить профиль' })).toBeVisible();

  const title = await page.goto(items.title);
  expect(title?.status()).toBe(403);
  const popup = page.getByRole('dialog', { name: 'Контент недоступен' });
  await expect(popup).toContainText('Этот фильм или сериал не для детского профиля');
  await expect(popup.getByRole('link', { name: 'Сменить профиль' })).toBeVisible();
  await context.close();
});
