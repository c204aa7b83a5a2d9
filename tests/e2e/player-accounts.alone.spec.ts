import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInByEmail } from './support/accounts.ts';
import { d1 } from './support/d1.ts';
import { playsPast } from './support/player.ts';

// The demo accounts (functions/db/seed/demo.ts) play here: their streams (two at most per account)
// and the subscriber's parental control change, so these journeys run alone, one after another,
// and each stops its stream and undoes what it set.
test.describe.configure({ mode: 'serial' });
test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
  extraHTTPHeaders: async ({}, use) =>
    use({ 'cf-connecting-ip': `198.51.100.${1 + Math.floor(Math.random() * 250)}` }),
});

const SUBSCRIBER = 'subscriber@demo.amediateka.example';
const RENTER = 'renter@demo.amediateka.example';
const DEMO_PASSWORD = 'smotrim-demo';
const PIN = '2580';
/** Changes from a page of the site say where they come from (the Worker refuses others). */
const headers = { origin: `http://localhost:${process.env.E2E_PORT ?? 8790}` };

interface Card {
  id: number;
  ageRating: string;
}

/**
 * Titles of our own catalogue (partner none) under 18+, most popular first: a demo account whose
 * parental control is not set up meets no setup offer on their pages.
 */
async function titles(request: APIRequestContext, list: 'movies' | 'series') {
  const res = await request.get(`/cms/content/${list}/?partner=none&page_size=40`);
  const { results } = (await res.json()) as { results: Card[] };
  return results.filter((c) => c.ageRating !== '18+');
}

/** The first of `cards` this signed-in browser may play (a subscription does not unlock every film). */
async function firstPlayable(page: Page, cards: Card[]) {
  for (const c of cards)
    if ((await page.request.get(`/cms/content_experience/watches/${c.id}/`)).status() === 200)
      return c;
  throw new Error('nothing playable for this account');
}

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);

const player = (page: Page) => page.getByRole('region', { name: /^Видеоплеер/ });

/** Stops this browser's stream, so the account's two slots stay free for the next journey. */
async function stopMyStream(page: Page) {
  const res = await page.request.get('/cms/content_experience/streams/');
  const { results } = (await res.json()) as { results: { id: string; current: boolean }[] };
  for (const s of results.filter((r) => r.current))
    expect(
      (await page.request.delete(`/cms/content_experience/streams/${s.id}/`, { headers })).status(),
    ).toBe(204);
}

test('the subscriber plays a paid film and the time advances', async ({ page, request }) => {
  await signInByEmail(page, SUBSCRIBER, DEMO_PASSWORD);
  const film = await firstPlayable(page, await titles(request, 'movies'));
  // Paid: a guest is refused it.
  expect((await request.get(`/cms/content_experience/watches/${film.id}/`)).status()).toBe(403);
  await page.goto(`/watch/${film.id}`);
  await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
  await playsPast(page, 1);
  const before = await currentTime(page);
  await page.waitForTimeout(1500);
  expect(await currentTime(page)).toBeGreaterThan(before + 0.5);
  await stopMyStream(page);
});

test('the renter plays the film they rented', async ({ page }) => {
  await signInByEmail(page, RENTER, DEMO_PASSWORD);
  // The rented film is one of the popular rentable films of our own catalogue: the first the
  // renter may play.
  const res = await page.request.get('/cms/content/movies/?partner=none&page_size=40');
  const { results } = (await res.json()) as { results: Card[] };
  let rented: number | undefined;
  for (const c of results) {
    const answer = await page.request.get(`/cms/content_experience/watches/${c.id}/`);
    if (answer.status() === 200) {
      rented = c.id;
      break;
    }
  }
  expect(rented, 'the seed rents the renter a film').toBeDefined();
  await page.goto(`/watch/${rented}`);
  // An 18+ film offers parental control to an account that has not set it up: not now.
  const offer = page.locator('.pin-backdrop');
  if (await offer.isVisible()) await offer.getByRole('button', { name: 'Закрыть' }).click();
  await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
  await playsPast(page, 1);
  await stopMyStream(page);
});

test('at the credits of an episode the next one counts down: it can be cancelled, and when it runs out the next episode plays', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const series = (await titles(request, 'series'))[0]!;
  await signInByEmail(page, SUBSCRIBER, DEMO_PASSWORD);
  const answer = (await (
    await page.request.get(`/cms/content_experience/watches/${series.id}/`)
  ).json()) as { markers: { credits: number }; next: { name: string } | null };
  expect(answer.next, 'the series has a second episode').not.toBeNull();
  const credits = answer.markers.credits;
  const seekToCredits = () =>
    page.evaluate((t) => {
      document.querySelector('video')!.currentTime = t;
    }, credits - 1);

  await page.goto(`/watch/${series.id}?season=1&episode=1&play=1`);
  await playsPast(page);
  await seekToCredits();
  const next = player(page).getByRole('region', { name: 'Следующая серия' });
  await expect(next).toContainText(/Следующая серия через \d+/);
  await next.getByRole('button', { name: 'Отмена' }).click();
  await expect(next).toBeHidden();
  // Cancelled: the episode plays to its end and stays.
  await page.waitForFunction(() => document.querySelector('video')!.ended, null, {
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/episode=1/);

  await page.goto(`/watch/${series.id}?season=1&episode=1&play=1`);
  await playsPast(page);
  await seekToCredits();
  await expect(next).toBeVisible();
  await expect(player(page)).toContainText('1 сезон, 2 серия', { timeout: 20_000 });
  await expect(page).toHaveURL(/season=1&episode=2&play=1$/);
  await playsPast(page, 0.5);
  await stopMyStream(page);
});

test('with parental control on, play on a title at the age setting asks for the PIN, and plays once it is entered', async ({
  page,
  request,
}) => {
  await signInByEmail(page, SUBSCRIBER, DEMO_PASSWORD);
  const film = await firstPlayable(
    page,
    (await titles(request, 'movies')).filter((c) => c.ageRating === '16+'),
  );
  const account = (await page.context().cookies()).find((c) => c.name === 'account_id')!.value;
  const parental = (rest: string) => `/auth/accounts/${account}/${rest}`;
  try {
    // Parental control on at 16+, and the PIN not entered in this session.
    expect(
      (
        await page.request.post(parental('pin-code/set'), {
          data: { pin: PIN, ageLimit: 16 },
          headers,
        })
      ).status(),
    ).toBe(201);
    expect((await page.request.delete(parental('pin-code/entry'), { headers })).status()).toBe(200);

    await page.goto(`/watch/${film.id}`);
    // The page asks at once; closed, the player asks again when play is pressed.
    const popup = page.getByRole('dialog', { name: 'Введите PIN-код' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toBeHidden();
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await expect(popup).toBeVisible();
    await popup.getByLabel('PIN-код из 4 цифр').fill(PIN);
    await popup.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(popup).toBeHidden();
    await playsPast(page, 1);
    await stopMyStream(page);
  } finally {
    // The subscriber as seeded: parental control never set up.
    await d1(
      request,
      `DELETE FROM parental_controls WHERE account_id = (SELECT id FROM accounts WHERE email = '${SUBSCRIBER}')`,
    );
  }
});
