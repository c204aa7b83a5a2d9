import { describe, expect, it } from 'vitest';
import { outboxFor, shownTexts, Tab } from './support/html-form.ts';
import { textsOf, Visitor } from './support/visitor.ts';

const unique = () => crypto.randomUUID().slice(0, 8);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** This visitor's own session id, as the sessions API marks it. */
async function ownSessionId(visitor: Visitor): Promise<string> {
  const res = await visitor.fetch('/auth/sessions/');
  const { results } = (await res.json()) as { results: { id: string; current: boolean }[] };
  return results.find((s) => s.current)!.id;
}

async function signedIn(email: string, password: string): Promise<Visitor> {
  const visitor = new Visitor();
  const res = await visitor.post('/auth/email/sign_in/', { email, password });
  expect(res.status, await res.clone().text()).toBe(200);
  return visitor;
}

describe('settings forms and the API do the same thing', () => {
  it('the devices page and the sessions API sign devices out alike, and refuse an ended one alike', async () => {
    const email = `forms-${unique()}@example.ru`;
    const laptop = new Visitor();
    await laptop.signUp(email, 'пароль-форм-1');
    const phone = await signedIn(email, 'пароль-форм-1');
    const tablet = await signedIn(email, 'пароль-форм-1');
    const phoneId = await ownSessionId(phone);
    const tabletId = await ownSessionId(tablet);

    // The page form signs the phone out…
    const tab = new Tab(laptop);
    await tab.goto('/settings/devices');
    expect(textsOf(tab.page.document, '.device')).toHaveLength(3);
    const form = [...tab.page.document.querySelectorAll('form')].find(
      (f) => f.querySelector(`input[name="session"][value="${phoneId}"]`) !== null,
    );
    await tab.submit(form!.querySelector('button')!);
    expect(shownTexts(tab.page.document, '[role="status"]')).toEqual([
      'Готово: устройство вышло из аккаунта.',
    ]);
    expect((await phone.fetch('/auth/sessions/')).status).toBe(401);

    // …the API the tablet, with the same effect.
    const ended = await laptop.fetch(`/auth/sessions/${tabletId}/`, { method: 'DELETE' });
    expect(await ended.json()).toEqual({ status: 'revoked', endedSessions: 1 });
    expect((await tablet.fetch('/auth/sessions/')).status).toBe(401);
    await tab.goto('/settings/devices');
    expect(textsOf(tab.page.document, '.device')).toHaveLength(1);

    // An ended session: the same 404 and the same Russian message from both.
    const api = await laptop.fetch(`/auth/sessions/${phoneId}/`, { method: 'DELETE' });
    const { message } = (await api.json()) as { message: string };
    expect(api.status).toBe(404);
    const page = await laptop.open('/settings/devices', {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ session: phoneId }),
    });
    expect(page.status).toBe(404);
    // The page is typeset (non-breaking spaces): compare the words, whatever the spaces.
    expect(page.html.replace(/\s/g, ' ')).toContain(message);
  });

  it('the support page form and the support API share one hourly limit and both mail a copy', async () => {
    // Its own address and IP: the limit counts per device or IP, and other tests write too.
    const visitor = new Visitor();
    const email = `support-${unique()}@example.ru`;
    const body = { subject: 'account', message: 'Не приходит письмо с кодом.', email };
    const viaForm = () =>
      visitor.fetch('/settings/support', {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams(body),
      });
    const viaApi = () => visitor.post('/api/support/requests/', body);

    const first = await viaForm();
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toMatch(/^\/settings\/support\?sent=\d+$/);
    expect((await viaApi()).status).toBe(201);
    const copies = await outboxFor(visitor, email, { purpose: 'support_request_copy' });
    expect(copies).toHaveLength(2);

    // Five in all, from either: the sixth is refused by both with the same message.
    for (const send of [viaForm, viaApi, viaForm]) expect((await send()).status).toBeLessThan(400);
    const api = await viaApi();
    expect(api.status).toBe(429);
    const { message } = (await api.json()) as { message: string };
    const form = await viaForm();
    expect(form.status).toBe(429);
    // The page is typeset (non-breaking spaces): compare the words, whatever the spaces.
    expect((await form.text()).replace(/\s/g, ' ')).toContain(message);
  });
});
