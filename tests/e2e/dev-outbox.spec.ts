import { type APIRequestContext, expect, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';
import { d1 } from './support/d1.ts';
import { latestCode, outboxFor } from './support/outbox.ts';

// Each test writes messages to recipients of its own, so it changes no row another test reads.
const unique = () => String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-9);

async function sendSms(request: APIRequestContext, to: string, text: string) {
  const res = await request.post('/dev/api/outbox/', {
    // As a page of the site would send it: the CSRF guard refuses a POST without Origin.
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    data: { channel: 'sms', to, text, purpose: 'sign_in_code' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('the development outbox shows messages newest first and filters them by recipient', async ({
  page,
  request,
}) => {
  const phone = `+79${unique()}`;
  const other = `+78${unique()}`;
  await sendSms(request, phone, 'Код для входа в Амедиатеку: 111111. Никому его не сообщайте.');
  await sendSms(request, other, 'Код для входа в Амедиатеку: 999999. Никому его не сообщайте.');
  await sendSms(request, phone, 'Код для входа в Амедиатеку: 222222. Никому его не сообщайте.');

  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Исходящие сообщения' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Получатель' }).fill(phone);
  await page.getByRole('button', { name: 'Показать' }).click();

  await expect(page).toHaveURL(
    new RegExp(`/dev/outbox\\?to=${encodeURIComponent(phone).replace('+', '\\+')}`),
  );
  await expect(page.getByRole('status')).toHaveText(`2 сообщения для ${phone}`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3); // the header row and two messages
  await expect(rows.nth(1)).toContainText('222222');
  await expect(rows.nth(2)).toContainText('111111');
  await expect(rows.nth(1)).toContainText('Код для входа');
  await expect(page.getByRole('table')).not.toContainText('999999');
});

test('a message written straight into D1 appears on the page with its subject and text', async ({
  page,
  request,
}) => {
  const address = `reader-${unique()}@example.ru`;
  await d1(
    request,
    'INSERT INTO outbox_messages (id, channel, recipient, subject, body_text, purpose) VALUES ' +
      `('e2e-${unique()}', 'email', '${address}', 'Сброс пароля в Амедиатеке', 'Вы запросили сброс пароля. Ваш код:\n\n314159', 'password_reset_code')`,
  );
  await page.goto(`/dev/outbox?to=${encodeURIComponent(address.toUpperCase())}&channel=email`);
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('Почта');
  await expect(row).toContainText(address);
  await expect(row).toContainText('Сброс пароля');
  await expect(row).toContainText('Сброс пароля в Амедиатеке');
  await expect(row).toContainText('314159');
  await expect(page.getByRole('combobox', { name: 'Канал' })).toHaveValue('email');
});

test('latestCode reads the newest six-digit code for a recipient, and waits for one that is on its way', async ({
  request,
}) => {
  const phone = `+79${unique()}`;
  await sendSms(request, phone, 'Код для входа в Амедиатеку: 123456. Никому его не сообщайте.');
  await sendSms(request, phone, 'Код для входа в Амедиатеку: 654321. Никому его не сообщайте.');
  expect(await latestCode(request, phone)).toBe('654321');
  expect(await latestCode(request, phone.replace(/^\+7(\d{3})/, '+7 ($1) '))).toBe('654321');

  const since = new Date();
  const later = new Promise((resolve) => setTimeout(resolve, 400)).then(() =>
    sendSms(request, phone, 'Код для входа в Амедиатеку: 777777. Никому его не сообщайте.'),
  );
  expect(await latestCode(request, phone, { since })).toBe('777777');
  await later;
  expect(await outboxFor(request, phone)).toHaveLength(3);
  await expect(latestCode(request, `+79${unique()}`, { timeoutMs: 300 })).rejects.toThrow(
    'no six-digit code',
  );
});

test('the outbox page has no WCAG 2.2 AA violations', async ({ page, request }) => {
  const phone = `+79${unique()}`;
  await sendSms(request, phone, 'Код для входа в Амедиатеку: 246802. Никому его не сообщайте.');
  await page.goto(`/dev/outbox?to=${encodeURIComponent(phone)}`);
  await noViolations(page, '/dev/outbox');
});
