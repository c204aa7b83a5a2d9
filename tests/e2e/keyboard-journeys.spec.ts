import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { expectFocusVisible, tabTo } from './support/keyboard.ts';

/**
 * A viewer without a mouse: signs in, plays a video and pauses it, with Tab, Enter, Space and the
 * player's keys only, the focus visible at every stop. Paying from the keyboard with the sandbox
 * card is money-journeys.spec.ts's keyboard journey (it pins the payment variants first).
 */

// From an address of its own: the sign-up and sign-in spend no other test's allowance per address.
const address = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
test.use({
  // A step that hangs fails in seconds, not at the end of the whole journey's budget.
  actionTimeout: 15_000,
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
  extraHTTPHeaders: async ({}, use) => use({ 'cf-connecting-ip': address() }),
});

const PASSWORD = 'correct horse 1';

/**
 * A trailer (free, so it plays for any account) rated 16+ or 18+: a new account meets the
 * parental-control offer on its page, a modal the keyboard has to get through.
 */
async function trailer(request: APIRequestContext) {
  const { results } = (await (await request.get('/cms/content/trailers/?page_size=60')).json()) as {
    results: { id: number; ageRating: string }[];
  };
  const rated = results.find((t) => Number.parseInt(t.ageRating, 10) >= 16);
  if (!rated) throw new Error('the seed has no trailer rated 16+');
  return rated.id;
}

const paused = (page: Page) =>
  page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).paused);

/** Waits until the video plays past half a second: the stream arrived and runs. */
async function plays(page: Page) {
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video');
      return !!v && !v.paused && v.currentTime > 0.5;
    },
    undefined,
    { timeout: 30_000 },
  );
}

test('a viewer signs in, plays a video and pauses it from the keyboard alone', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The account is made beforehand, in another browser: only the sign-in is the journey's.
  const email = `keys-${unique()}@example.ru`;
  const setup = await browser.newPage({ extraHTTPHeaders: { 'cf-connecting-ip': address() } });
  await signUpByEmail(setup, email, PASSWORD);
  await setup.context().close();
  // The journey's tab has the window's focus again: keys go to it and its focus shows.
  await page.bringToFront();

  await page.goto('/auth?step=signin');
  const form = page.locator('.auth');
  await tabTo(page, form.getByLabel('E-mail', { exact: true }));
  await page.keyboard.type(email);
  await tabTo(page, form.getByLabel('Пароль', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, form.getByRole('button', { name: 'Войти' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('.account-menu')).toHaveCount(1, { timeout: 30_000 });

  await page.goto(`/watch/${await trailer(request)}`);
  // The parental-control offer is modal: the focus moves into it and Tab goes round its controls.
  const offer = page.getByRole('dialog', { name: 'Родительский контроль' });
  await expect(offer.getByRole('heading')).toBeFocused({ timeout: 30_000 });
  const setUp = offer.getByRole('link', { name: 'Задать PIN-код' });
  await tabTo(page, offer.getByRole('button', { name: 'Закрыть' }), 3);
  await page.keyboard.press('Tab');
  await expect(setUp).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(offer.getByRole('button', { name: 'Закрыть' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(offer.getByRole('button', { name: /^Не\sиспользовать$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(offer).toBeHidden();

  await tabTo(page, page.getByRole('link', { name: 'Смотреть', exact: true }));
  await page.keyboard.press('Enter');
  await plays(page);
  const player = page.getByRole('region', { name: /^Видеоплеер/ });
  await expect(player).toBeFocused();

  // The player's own keys: k pauses, Space plays again.
  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(() => paused(page)).toBe(false);
  // And its buttons, reached with Tab.
  await tabTo(page, player.getByRole('button', { name: 'Пауза' }), 20);
  await page.keyboard.press('Enter');
  await expect.poll(() => paused(page)).toBe(true);
  await expect(player.getByRole('button', { name: 'Смотреть', exact: true })).toBeFocused();
  await expectFocusVisible(page);
});
