import { type APIRequestContext, expect, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { d1 } from './support/d1.ts';

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.74' } });

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** A code of the viewer's own, so reruns and parallel tests never share one. */
async function addCode(request: APIRequestContext, days: number) {
  const code = `E2E${unique()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')}`.slice(0, 24);
  await d1(
    request,
    `INSERT INTO promo_codes (code, kind, tariff_id, days, max_uses, valid_from, valid_till, title, description, button_text)
     VALUES ('${code}', 'promo', 1, ${days}, 1, ${now() - DAY}, ${now() + DAY}, 'Месяц в подарок', 'Подписка Амедиатека на ${days} дней активирована', 'К фильмам')`,
  );
  return code;
}

test('a redeemed promo code opens its tariff’s film, which plays', async ({ page, request }) => {
  test.setTimeout(90_000);
  const code = await addCode(request, 30);
  await signUpByEmail(page, `promo-${unique()}@example.ru`, 'correct horse 1');
  await page.goto('/activate');
  await page.getByRole('textbox', { name: 'Промокод' }).fill(code);
  await page.getByRole('button', { name: 'Активировать' }).click();
  // The popup and the code's other rules: tests/pages/promo.test.ts.
  await expect(page).toHaveURL(/\/activate\?redeemed=/);

  // A film the Амедиатека subscription unlocks (the code's tariff); under 18+, so no PIN setup.
  const sold = (await (
    await request.get('/cms/products/amediateka/content/?page_size=60')
  ).json()) as { results: { id: number; type: string; ageRating: string }[] };
  const film = sold.results.find((t) => t.type === 'movie' && t.ageRating !== '18+')!;
  await page.goto(`/watch/${film.id}`);
  await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Контент недоступен' })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0.5);
});

test.describe('event manager', () => {
  test('a rule that answers ShowWhyNotSubscribingPoll takes the viewer to the poll; answering it offers the free days', async ({
    page,
    request,
  }) => {
    const movies = (await (await request.get('/cms/content/movies/?page_size=60')).json()) as {
      results: { id: number }[];
    };
    const film = movies.results.at(-1)!.id;
    // Only for this title, so no other journey meets it.
    await d1(
      request,
      `INSERT INTO em_rules (trigger, match, audience, priority, event_type, properties)
       VALUES ('opened_content_page', '{"contentId":${film}}', 'any', 1000, 'ShowWhyNotSubscribingPoll',
               '{"poll":{"slug":"why-not-subscribing"},"submitEvent":"answered_why_not_subscribing_poll"}')`,
    );
    try {
      await signUpByEmail(page, `em-${unique()}@example.ru`, 'correct horse 1');
      await page.goto(`/watch/${film}`);
      await expect(page).toHaveURL(/\/poll\/why-not-subscribing\?poll_slug=why-not-subscribing$/);
      expect(await page.evaluate(() => sessionStorage.getItem('submitEvent'))).toBe(
        'answered_why_not_subscribing_poll',
      );
      await page.getByRole('radio', { name: 'Слишком дорого' }).check();
      await page.getByRole('button', { name: 'Отправить' }).click();
      // The poll's submit event: the seed's rule offers the free days to a viewer without a subscription.
      await expect(page).toHaveURL(/\/free-access$/);
      await page.getByRole('button', { name: 'Смотреть 7 дней бесплатно' }).click();
      await expect(page.getByRole('status')).toContainText('7 дней подписки уже ваши');
    } finally {
      await d1(request, `DELETE FROM em_rules WHERE match = '{"contentId":${film}}'`);
    }
  });

  test('a failed event-manager call shows nothing, sets em_request_failed and logs it', async ({
    page,
    context,
  }) => {
    await page.route('**/api/event-manager/v8/events/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    const logged = page.waitForEvent('console', (m) => m.text() === 'event-manager request failed');
    await page.goto('/');
    await logged;
    expect(await page.evaluate(() => sessionStorage.getItem('em_request_failed'))).toBe('1');
    expect(await page.evaluate(() => sessionStorage.getItem('em_status'))).toBe('500');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'em_request_failed')?.value).toBe('1');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('a visitor’s experiment variants are kept in the em_experiment cookie', async ({
    page,
    context,
  }) => {
    const answered = page.waitForResponse('**/api/event-manager/v8/events/');
    await page.goto('/');
    expect((await answered).status()).toBe(200);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'em_experiment')?.value)
      .toMatch(/sbp%3A(sbp|control)/);
  });
});
