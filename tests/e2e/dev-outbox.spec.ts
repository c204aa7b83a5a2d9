import { type APIRequestContext, expect, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';
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
