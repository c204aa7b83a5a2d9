import { expect, type Page, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';

// Paying through the local sandbox acquirer, from the payment screen on: the purchase-flow
// cookies are what /payment (the step before) leaves behind.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.71' } });

const PASSWORD = 'correct horse 1';

/** A signed-up viewer in the middle of buying the monthly subscription, from a series' page. */
async function startBuying(page: Page): Promise<{ titleId: string }> {
  await signUpByEmail(page, `pay-${unique()}@example.ru`, PASSWORD);
  const list = await (await page.request.get('/cms/content/series/?page_size=1')).json();
  const titleId = String(list.results[0].url).split('/').pop()!;
  const url = new URL(page.url());
  await page.context().addCookies(
    [
      ['tariffId', '1'],
      ['subscriptionId', '1'],
      ['tariffType', 'SVOD'],
    ].map(([name, value]) => ({ name: name!, value: value!, domain: url.hostname, path: '/' })),
  );
  await page.goto(`/payment-type?contentId=${titleId}`);
  return { titleId };
}

async function payOnCardPage(page: Page, number: string) {
  await expect(page.getByRole('heading', { name: 'Оплата картой' })).toBeVisible();
  await page.getByLabel('Номер карты').fill(number);
  await page.getByLabel('Срок (ММ/ГГ)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
}

test('a viewer buys a subscription with a sandbox card and is back on the title', async ({
  page,
}) => {
  const { titleId } = await startBuying(page);
  await page
    .getByRole('checkbox', { name: 'Сохранить карту и продлевать подписку автоматически' })
    .check();
  await page.getByRole('button', { name: /Оплатить\s+599/ }).click();
  await payOnCardPage(page, '5555 5555 5555 4477');
  await expect(page).toHaveURL(/\/success\?orderId=/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.getByText(/Доступ открыт до/)).toBeVisible();
  await page.getByRole('link', { name: 'Смотреть' }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${titleId}$`));
});

test('a card that asks for 3-D Secure pays once the code is entered', async ({ page }) => {
  await startBuying(page);
  await page.getByRole('button', { name: /Оплатить/ }).click();
  await payOnCardPage(page, '4000 0000 0000 3063');
  await expect(page.getByRole('heading', { name: 'Подтверждение платежа' })).toBeVisible();
  await page.getByLabel('Код из SMS').fill('123456');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
});

test('a declined card says why in Russian and offers to try again', async ({ page }) => {
  await startBuying(page);
  await page.getByRole('button', { name: /Оплатить/ }).click();
  await payOnCardPage(page, '5555 5555 5555 4592');
  await expect(page.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();
  // Words compared, not spaces: the page is typeset with no-break spaces.
  await expect(page.getByRole('alert')).toContainText(
    /Банк\s+отклонил\s+платёж:\s+на\s+карте\s+недостаточно\s+средств/,
  );
  await noViolations(page, 'the declined payment');
  await page.getByRole('link', { name: 'Попробовать ещё раз' }).click();
  await expect(page).toHaveURL(/\/payment-type/);
  await expect(page.getByRole('button', { name: /Оплатить/ })).toBeVisible();
});

test('a viewer pays by SBP: the QR, the bank app, then the paid order', async ({ page }) => {
  await startBuying(page);
  await page.getByRole('radio', { name: /СБП/ }).check();
  await page.getByRole('button', { name: /Оплатить/ }).click();
  await expect(page.getByRole('heading', { name: 'Оплата по СБП' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-код для оплаты по СБП' })).toBeVisible();
  const waiting = page.url();
  // "Scanning" the QR opens the bank app's confirmation: here, the sandbox's page.
  await page.getByRole('link', { name: 'Открыть ссылку оплаты на этом устройстве' }).click();
  await expect(page.getByRole('heading', { name: 'Приложение банка' })).toBeVisible();
  await page.getByRole('button', { name: 'Подтвердить оплату' }).click();
  await expect(page.getByRole('heading', { name: 'Платёж проведён' })).toBeVisible();
  await page.goto(waiting);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
});

test('the payment screen works from the keyboard and passes axe', async ({ page }) => {
  await startBuying(page);
  await noViolations(page, '/payment-type');
  const card = page.getByRole('radio', { name: /Банковская карта/ });
  await card.focus();
  await expect(card).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /СБП/ })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(card).toBeChecked();
  await page.keyboard.press('Tab');
  const consent = page.getByRole('checkbox');
  await expect(consent).toBeFocused();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Оплатить/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Оплата картой' })).toBeVisible();
  await noViolations(page, 'the sandbox card page');
  await page.getByLabel('Номер карты').focus();
  await page.keyboard.type('5555555555554477');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await noViolations(page, '/success');
});
