import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signUpByEmail } from './support/accounts.ts';

// Its own client address: sign-ups here must not spend the allowance other files share.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.61' } });

/** A fresh query parameter keeps the edge cache from answering with a copy made a minute ago. */
const fresh = () => `fresh=${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

type Channel = { slug: string; name: string; now: { name: string; endsAt: number } | null };
async function channels(request: APIRequestContext): Promise<Channel[]> {
  return (await (await request.get(`/cms/tv/channels/?${fresh()}`)).json()).results;
}

const days = (page: Page) => page.getByRole('navigation', { name: 'Дни' }).getByRole('link');
const heading = (page: Page) => page.locator('.guide-day__title');

test.describe('the TV guide', () => {
  test('says which clock it keeps and when its day begins', async ({ page }) => {
    await page.goto(`/tv?${fresh()}`);
    await expect(page.getByText('Время московское, день с 05:00 до 05:00')).toBeVisible();
    // One control for today: «Сегодня», the page itself, and no second «Сейчас» beside it.
    await expect(days(page).filter({ hasText: 'Сегодня' })).toHaveAttribute('href', '/tv');
    await expect(days(page).filter({ hasText: 'Сейчас' })).toHaveCount(0);
  });

  test('switching the day updates the guide in place: the URL changes, the page does not load again', async ({
    page,
  }) => {
    await page.goto(`/tv?${fresh()}`);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const today = await heading(page).textContent();
    const target = days(page).nth(3);
    const href = (await target.getAttribute('href'))!;
    const label = (await target.textContent())!.replace(/\s+/g, ' ').trim().split(' ').slice(1);
    await target.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await expect(heading(page)).toContainText(label.join(' '));
    await expect(days(page).nth(3)).toHaveAttribute('aria-current', 'page');
    await expect(days(page).nth(3)).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    // Back returns to today, still in place.
    await page.goBack();
    await expect(page).toHaveURL(/\/tv\?fresh=/);
    await expect(heading(page)).toHaveText(today!);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });

  test('without JavaScript the days are plain links that work', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/tv');
    const target = days(page).nth(4);
    const href = (await target.getAttribute('href'))!;
    await target.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await expect(days(page).nth(4)).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.channel').first().locator('.programme').first()).toBeVisible();
    await context.close();
  });

  test("a future day shows every channel's programme, the same as the API's", async ({
    page,
    request,
  }) => {
    const all = await channels(request);
    await page.goto('/tv');
    const href = (await days(page).nth(2).getAttribute('href'))!;
    const date = new URL(href, 'http://x').searchParams.get('date')!;
    await page.goto(`${href}&${fresh()}`);
    const cards = page.locator('.channel');
    await expect(cards).toHaveCount(all.length);
    for (const channel of all) {
      const card = cards.filter({
        has: page.getByRole('link', { name: channel.name, exact: true }),
      });
      expect(await card.locator('.programme').count(), channel.slug).toBeGreaterThan(3);
    }
    const one = all[0]!;
    const day = await (
      await request.get(`/cms/tv/channels/${one.slug}/?date=${date}&${fresh()}`)
    ).json();
    const names = await cards
      .filter({ has: page.getByRole('link', { name: one.name, exact: true }) })
      .locator('.programme__name')
      .allTextContents();
    // The page's words are typeset (non-breaking spaces), the API's are as stored.
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(names.map(words)).toEqual(day.programmes.map((p: { name: string }) => words(p.name)));
  });

  test('a channel page opens at what is on now, scrolled within its list, not the page', async ({
    page,
    request,
  }) => {
    const channel = (await channels(request)).find((c) => c.now);
    test.skip(!channel, 'nothing on air');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/tv/${channel!.slug}?${fresh()}`);
    const list = page.getByRole('list', { name: `Программа канала ${channel!.name}` });
    const current = list.locator('[aria-current="time"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Сейчас');
    await expect
      .poll(() =>
        current.evaluate((item) => {
          const box = item.getBoundingClientRect();
          const frame = item.parentElement!.getBoundingClientRect();
          return box.top >= frame.top - 1 && box.top < frame.top + 40;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the on-air mark moves to the next programme when one ends', async ({ page, request }) => {
    const channel = (await channels(request)).find((c) => c.now);
    test.skip(!channel, 'nothing on air');
    await page.clock.install({ time: Date.now() });
    await page.goto(`/tv/${channel!.slug}?${fresh()}`);
    const current = page.locator('[aria-current="time"]');
    const start = Number(await current.getAttribute('data-start'));
    const end = Number(await current.getAttribute('data-end'));
    await page.clock.fastForward(Math.max(0, end * 1000 - Date.now()) + 2_000);
    await expect(current).toHaveAttribute('data-start', String(end));
    await expect(current).toContainText('Сейчас');
    await expect(page.locator(`[data-start="${start}"]`)).toHaveClass(/programme--past/);
    await expect(page.locator('[data-live]')).toHaveCount(1);
  });
});

test('on /tv a channel refused for the PIN opens the PIN popup, not a link to the settings', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `tv-pin-${Date.now()}@example.ru`;
  await signUpByEmail(page, email, 'correct horse 1');
  await page.goto('/settings/parental?step=age');
  await page.getByLabel('12+').check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByLabel('PIN-код из 4 цифр').fill('2580');
  await page.getByLabel('Повторите PIN-код').fill('2580');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Готово' })).toBeVisible();

  // A new device session: the PIN is not entered there.
  // From an address of its own too: no other test's sign-ins count against this one.
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL!, 'cf-connecting-ip': '203.0.113.172' },
  });
  const signIn = await context.request.post('/auth/email/sign_in/', {
    data: { email, password: 'correct horse 1' },
  });
  expect(signIn.status()).toBe(200);
  const tv = await context.newPage();
  await tv.goto('/tv');
  // The PIN popup island is on the page, hydrated.
  await expect(tv.locator('astro-island[component-url*="PinPopup"]:not([ssr])')).toHaveCount(1);
  // A free channel rated 16+: the guest may play it, this account only with the PIN.
  await tv.locator('.channel a[data-play][data-channel="novosti-24"]').click();
  // The player asks for the PIN at once, in the popup the title pages use.
  await expect(tv.getByRole('dialog', { name: 'Введите PIN-код' })).toBeVisible();
  await expect(tv.getByRole('link', { name: 'Настройки родительского контроля' })).toHaveCount(0);
  await context.close();
});
