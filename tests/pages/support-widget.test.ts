import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { type Page, textsOf, Visitor, words } from './support/visitor.ts';

const SITE = env.SITE_ORIGIN;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The support popup of a page: the dialog labelled «Напишите нам». */
const popupOf = (document: Document) =>
  [...document.querySelectorAll('[role="dialog"], dialog')].find(
    (d) =>
      words(document.getElementById(d.getAttribute('aria-labelledby') ?? '') ?? undefined) ===
      'Напишите нам',
  );

/** The field a form's label names (`<label for>`). */
function fieldLabelled(form: Element, label: string): Element {
  const labels = [...form.querySelectorAll('label')].filter((l) => words(l) === label);
  expect(labels.length, label).toBe(1);
  const field = form.ownerDocument.getElementById(labels[0]!.getAttribute('for') ?? '');
  expect(field, label).not.toBeNull();
  return field!;
}

/**
 * Submits a form as a browser without JavaScript does: every named field with its value, the
 * typed ones (by label) replacing theirs, posted to its action.
 */
async function submit(visitor: Visitor, form: Element, typed: Record<string, string>) {
  expect(form.getAttribute('method')).toBe('post');
  const values = new Map<string, string>();
  for (const field of form.querySelectorAll('input[name], select[name], textarea[name]'))
    values.set(
      field.getAttribute('name')!,
      field.tagName === 'SELECT'
        ? (field.querySelector('option[selected]')?.getAttribute('value') ?? '')
        : field.tagName === 'TEXTAREA'
          ? (field.textContent ?? '')
          : (field.getAttribute('value') ?? ''),
    );
  for (const [label, value] of Object.entries(typed))
    values.set(fieldLabelled(form, label).getAttribute('name')!, value);
  return visitor.open(form.getAttribute('action')!, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams([...values]),
  });
}

/** Opens a page and follows its redirects as a browser would; `url` is where it ended. */
async function follow(visitor: Visitor, path: string): Promise<Page & { url: string }> {
  let url = new URL(path, SITE);
  for (let hops = 0; hops < 5; hops++) {
    const page = await visitor.open(url.href);
    const location = page.headers.get('location');
    if (page.status < 300 || page.status >= 400 || !location) return { ...page, url: url.href };
    url = new URL(location, url);
  }
  throw new Error(`${path} redirects more than 5 times`);
}

describe('support', () => {
  it('a request sent from the widget’s popup without JavaScript is stored and confirmed once', async () => {
    const visitor = new Visitor();
    const { document } = await visitor.open('/faq');
    const form = popupOf(document)?.querySelector('form');
    expect(form).toBeTruthy();
    expect([...form!.querySelectorAll('button[type="submit"]')].map((b) => words(b))).toEqual([
      'Отправить',
    ]);
    const subject = [...fieldLabelled(form!, 'Тема').querySelectorAll('option')].find(
      (o) => words(o) === 'Аккаунт и вход',
    );
    const sent = await submit(visitor, form!, {
      Тема: subject!.getAttribute('value')!,
      Сообщение: 'Не приходит письмо с кодом подтверждения.',
      'E-mail для ответа': 'viewer@example.ru',
    });
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location')!;
    expect(location).toMatch(/\/settings\/support\?sent=\d+$/);
    const id = Number(/sent=(\d+)$/.exec(location)![1]);
    const confirmed = await visitor.open(location);
    expect(confirmed.status).toBe(200);
    expect(textsOf(confirmed.document, '[role="status"]').join(' ')).toContain(
      'отправлено. Мы ответим на e-mail в течение суток.',
    );
    // A reload shows the same confirmation and sends nothing again.
    const reloaded = await visitor.open(location);
    expect(reloaded.status).toBe(200);
    const stored = await env.DB.prepare(
      'SELECT id, subject, email, page_url FROM support_requests WHERE message = ? AND device_id = ?',
    )
      .bind('Не приходит письмо с кодом подтверждения.', visitor.cookies.get('device_id'))
      .all();
    expect(stored.results).toEqual([
      { id, subject: 'account', email: 'viewer@example.ru', page_url: '/faq' },
    ]);
  });

  it('a bad request comes back with a Russian message and what was typed; nothing is stored', async () => {
    const visitor = new Visitor();
    const { document } = await visitor.open('/contacts');
    const form = popupOf(document)?.querySelector('form');
    const res = await submit(visitor, form!, {
      Сообщение: 'Коротко',
      'E-mail для ответа': 'viewer@example.ru',
    });
    // The answer is the support page itself, at the form's address: no redirect.
    expect(res.status).toBe(422);
    expect(form!.getAttribute('action')).toBe('/settings/support');
    const answer = res.document;
    expect(textsOf(answer, '[role="alert"]')).toEqual([
      'Сообщение должно быть не короче 10 символов',
    ]);
    const main = answer.querySelector('main')!;
    expect(fieldLabelled(main, 'Сообщение').textContent).toBe('Коротко');
    const stored = await env.DB.prepare(
      'SELECT count(*) AS n FROM support_requests WHERE device_id = ?',
    )
      .bind(visitor.cookies.get('device_id'))
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it('the longest message is taken from the form; a body over 64 KB is refused with 413 before it is read', async () => {
    const visitor = new Visitor();
    const email = encodeURIComponent(`long-${Date.now().toString(36)}@example.ru`);
    const form = (message: string, extra = '') =>
      `subject=other&email=${email}&message=${encodeURIComponent(message)}${extra}`;
    const longest = await visitor.fetch('/settings/support', {
      method: 'POST',
      headers: FORM,
      body: form('Ж'.repeat(4000)),
    });
    expect(longest.status).toBe(303);
    const huge = await visitor.fetch('/settings/support', {
      method: 'POST',
      headers: FORM,
      body: form('Ж'.repeat(4000), `&padding=${'x'.repeat(65 * 1024)}`),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      message: 'Слишком большой запрос',
      details: { reason: 'payload_too_large' },
    });
  });

  it('the support page is for signed-in viewers; guests are sent to sign in', async () => {
    const visitor = new Visitor();
    expect((await follow(visitor, '/settings/support')).url).toMatch(/\/settings\/support\/auth$/);
    await visitor.holdToken();
    const { document } = await visitor.open('/settings/support?subject=payment');
    const subject = fieldLabelled(document.querySelector('main')!, 'Тема');
    expect(subject.querySelector('option[selected]')?.getAttribute('value')).toBe('payment');
    // A settings page like the others: the settings menu beside it.
    const menu = [...document.querySelectorAll('nav[aria-label="Настройки"] a')].filter(
      (a) => words(a) === 'Поддержка',
    );
    expect(menu.map((a) => a.getAttribute('aria-current'))).toEqual(['page']);
  });

  it('the widget is not on the payment-flow paths; elsewhere the footer’s «Поддержка» opens it', async () => {
    const visitor = new Visitor();
    /** What opens the support popup, and whether the page has it. */
    const widget = (document: Document) => ({
      openers: [...document.querySelectorAll('[popovertarget="support-popup"]')]
        .filter((el) => !el.closest('#support-popup'))
        .map((el) => [el.tagName, words(el), !!el.closest('footer')]),
      popup: !!popupOf(document),
    });
    expect(widget((await visitor.open('/auth')).document)).toEqual({ openers: [], popup: false });
    for (const path of ['/tv', '/'])
      expect(widget((await visitor.open(path)).document), path).toEqual({
        openers: [['BUTTON', 'Поддержка', true]],
        popup: true,
      });
  });
});
