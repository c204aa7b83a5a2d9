import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { Visitor, words } from './support/visitor.ts';

// Each test writes messages to recipients of its own, so it changes no row another test reads.
const unique = () => String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-9);

async function sendSms(visitor: Visitor, to: string, text: string) {
  // As a page of the site would send it: the CSRF guard refuses a POST without Origin.
  const res = await visitor.post('/dev/api/outbox/', {
    channel: 'sms',
    to,
    text,
    purpose: 'sign_in_code',
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The field of a form a label names (`<label><span>Получатель</span><input …></label>`). */
const fieldLabelled = (form: Element, label: string) =>
  [...form.querySelectorAll('label')]
    .find((l) => words(l).startsWith(label))
    ?.querySelector('input, select, textarea');

/** The current value of a form field, as the browser would submit it. */
const fieldValue = (field: Element) =>
  field.tagName === 'SELECT'
    ? ((field.querySelector('option[selected]') ?? field.querySelector('option'))?.getAttribute(
        'value',
      ) ?? '')
    : (field.getAttribute('value') ?? '');

/** Where a GET form leads once submitted with `typed` in some fields: its action and every named field. */
function submitGet(form: Element, typed: Record<string, string>): string {
  expect(form.getAttribute('method')).toBe('get');
  const query = new URLSearchParams();
  for (const field of form.querySelectorAll('input[name], select[name], textarea[name]')) {
    const name = field.getAttribute('name')!;
    query.append(name, typed[name] ?? fieldValue(field));
  }
  return `${form.getAttribute('action')}?${query}`;
}

it('the development outbox shows messages newest first and filters them by recipient', async () => {
  const visitor = new Visitor();
  const phone = `+79${unique()}`;
  const other = `+78${unique()}`;
  await sendSms(visitor, phone, 'Код для входа в Амедиатеку: 111111. Никому его не сообщайте.');
  await sendSms(visitor, other, 'Код для входа в Амедиатеку: 999999. Никому его не сообщайте.');
  await sendSms(visitor, phone, 'Код для входа в Амедиатеку: 222222. Никому его не сообщайте.');

  const { document } = await visitor.open('/dev/outbox');
  expect([...document.querySelectorAll('h1')].map((h) => words(h))).toEqual([
    'Исходящие сообщения',
  ]);
  const form = [...document.querySelectorAll('form')].find((f) =>
    [...f.querySelectorAll('button')].some((b) => words(b) === 'Показать'),
  );
  const recipient = fieldLabelled(form!, 'Получатель');
  expect(recipient?.getAttribute('type')).toBe('search');
  const url = submitGet(form!, { [recipient!.getAttribute('name')!]: phone });

  expect(url).toMatch(
    new RegExp(`/dev/outbox\\?to=${encodeURIComponent(phone).replace('+', '\\+')}`),
  );
  const filtered = (await visitor.open(url)).document;
  expect([...filtered.querySelectorAll('[role="status"]')].map((s) => words(s))).toContain(
    `2 сообщения для ${phone}`,
  );
  const rows = [...filtered.querySelectorAll('table tr')];
  expect(rows.length).toBe(3); // the header row and two messages
  expect(words(rows[1])).toContain('222222');
  expect(words(rows[2])).toContain('111111');
  expect(words(rows[1])).toContain('Код для входа');
  expect(words(filtered.querySelector('table'))).not.toContain('999999');
});

it('a message written straight into D1 appears on the page with its subject and text', async () => {
  const address = `reader-${unique()}@example.ru`;
  await env.DB.prepare(
    'INSERT INTO outbox_messages (id, channel, recipient, subject, body_text, purpose) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(
      `pages-${unique()}`,
      'email',
      address,
      'Сброс пароля в Амедиатеке',
      'Вы запросили сброс пароля. Ваш код:\n\n314159',
      'password_reset_code',
    )
    .run();
  const { document } = await new Visitor().open(
    `/dev/outbox?to=${encodeURIComponent(address.toUpperCase())}&channel=email`,
  );
  const row = words(document.querySelectorAll('table tr')[1]);
  expect(row).toContain('Почта');
  expect(row).toContain(address);
  expect(row).toContain('Сброс пароля');
  expect(row).toContain('Сброс пароля в Амедиатеке');
  expect(row).toContain('314159');
  const form = document.querySelector('form[action="/dev/outbox"]')!;
  expect(fieldValue(fieldLabelled(form, 'Канал')!)).toBe('email');
});
