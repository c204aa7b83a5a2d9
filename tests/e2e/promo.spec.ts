import { expect, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { d1 } from './support/d1.ts';

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.74' } });

// A redeemed promo code and the film it opens: money-journeys.spec.ts; its popup and rules:
// tests/pages/promo.test.ts.

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
