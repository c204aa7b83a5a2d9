import { type BrowserContext, expect, test } from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';
import { outboxFor } from './support/outbox.ts';

const origin = `http://localhost:${process.env.E2E_PORT ?? 8790}`;

/** This browser's own session id, as the sessions API marks it. */
async function ownSessionId(context: BrowserContext): Promise<string> {
  const res = await context.request.get('/auth/sessions/');
  const { results } = (await res.json()) as { results: { id: string; current: boolean }[] };
  return results.find((s) => s.current)!.id;
}

test.describe('settings forms and the API do the same thing', () => {
  test('the devices page and the sessions API sign devices out alike, and refuse an ended one alike', async ({
    browser,
  }) => {
    const email = `forms-${unique()}@example.ru`;
    const [laptop, phone, tablet] = await Promise.all([1, 2, 3].map(() => browser.newContext()));
    const page = await laptop!.newPage();
    await signUpByEmail(page, email, 'пароль-форм-1');
    await signInByEmail(await phone!.newPage(), email, 'пароль-форм-1');
    await signInByEmail(await tablet!.newPage(), email, 'пароль-форм-1');
    const phoneId = await ownSessionId(phone!);
    const tabletId = await ownSessionId(tablet!);

    // The page form signs the phone out…
    await page.goto('/settings/devices');
    await expect(page.locator('.device')).toHaveCount(3);
    await page.locator(`form:has(input[name="session"][value="${phoneId}"]) button`).click();
    await expect(page.getByRole('status')).toHaveText('Готово: устройство вышло из аккаунта.');
    expect((await phone!.request.get('/auth/sessions/')).status()).toBe(401);

    // …the API the tablet, with the same effect.
    const ended = await laptop!.request.delete(`/auth/sessions/${tabletId}/`, {
      headers: { origin },
    });
    expect(await ended.json()).toEqual({ status: 'revoked', endedSessions: 1 });
    expect((await tablet!.request.get('/auth/sessions/')).status()).toBe(401);
    await page.goto('/settings/devices');
    await expect(page.locator('.device')).toHaveCount(1);

    // An ended session: the same 404 and the same Russian message from both.
    const api = await laptop!.request.delete(`/auth/sessions/${phoneId}/`, {
      headers: { origin },
    });
    const { message } = (await api.json()) as { message: string };
    expect(api.status()).toBe(404);
    const form = await laptop!.request.post('/settings/devices', {
      form: { session: phoneId },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(404);
    // The page is typeset (non-breaking spaces): compare the words, whatever the spaces.
    expect((await form.text()).replace(/\s/g, ' ')).toContain(message);
    await Promise.all([laptop, phone, tablet].map((c) => c!.close()));
  });

  test('the support page form and the support API share one hourly limit and both mail a copy', async ({
    browser,
  }) => {
    // Its own address and IP: the limit counts per device or IP, and other tests write too.
    const context = await browser.newContext({
      extraHTTPHeaders: {
        'cf-connecting-ip': `203.0.113.${100 + Math.floor(Math.random() * 100)}`,
      },
    });
    const email = `support-${unique()}@example.ru`;
    const body = { subject: 'account', message: 'Не приходит письмо с кодом.', email };
    const viaForm = () =>
      context.request.post('/settings/support', {
        form: body,
        headers: { origin },
        maxRedirects: 0,
      });
    const viaApi = () =>
      context.request.post('/api/support/requests/', { data: body, headers: { origin } });

    const first = await viaForm();
    expect(first.status()).toBe(303);
    expect(first.headers().location).toMatch(/^\/settings\/support\?sent=\d+$/);
    expect((await viaApi()).status()).toBe(201);
    const copies = await outboxFor(context.request, email, { purpose: 'support_request_copy' });
    expect(copies).toHaveLength(2);

    // Five in all, from either: the sixth is refused by both with the same message.
    for (const send of [viaForm, viaApi, viaForm])
      expect((await send()).status()).toBeLessThan(400);
    const api = await viaApi();
    expect(api.status()).toBe(429);
    const { message } = (await api.json()) as { message: string };
    const form = await viaForm();
    expect(form.status()).toBe(429);
    // The page is typeset (non-breaking spaces): compare the words, whatever the spaces.
    expect((await form.text()).replace(/\s/g, ' ')).toContain(message);
    await context.close();
  });
});
