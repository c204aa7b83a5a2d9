import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  attr,
  button,
  check,
  dialog,
  fill,
  labelled,
  link,
  shownTexts,
  signUpOnForms,
  Tab,
} from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const unique = () => crypto.randomUUID().slice(0, 8);

/** A code of the viewer's own, so reruns and parallel tests never share one. */
async function addCode(days: number) {
  const code = `PAGES${unique().toUpperCase()}`.replace(/[^A-Z0-9]/g, '');
  await env.DB.prepare(
    `INSERT INTO promo_codes (code, kind, tariff_id, days, max_uses, valid_from, valid_till, title, description, button_text)
     VALUES (?, 'promo', 1, ?, 1, ?, ?, 'Месяц в подарок', ?, 'К фильмам')`,
  )
    .bind(code, days, now() - DAY, now() + DAY, `Подписка Амедиатека на ${days} дней активирована`)
    .run();
  return code;
}

describe('promo codes', () => {
  it('a guest’s code survives signing in; redeeming it shows the popup', async () => {
    const code = await addCode(30);
    const tab = new Tab(new Visitor());
    await tab.goto(`/activate?code=${code.toLowerCase()}`);
    expect(tab.url).toMatch(new RegExp(`/activate/auth\\?code=${code}$`));
    await signUpOnForms(tab, `/activate/auth?code=${code}&step=signup`, 'promo');
    expect(tab.url).toMatch(new RegExp(`/activate\\?code=${code}$`));
    expect(attr(labelled(tab.page.document, 'Промокод'), 'value')).toBe(code);
    await tab.submit(button(tab.page.document, 'Активировать')!);
    const popup = dialog(tab.page.document, 'Месяц в подарок');
    expect(words(popup)).toContain('Подписка Амедиатека на 30 дней активирована');
    expect(link(popup!, 'К фильмам')).toBeDefined();

    // Used once, the one-time code is refused to the same viewer with a clear message.
    await tab.goto('/activate');
    fill(labelled(tab.page.document, 'Промокод'), ` ${code} `);
    await tab.submit(button(tab.page.document, 'Активировать')!);
    expect(words(dialog(tab.page.document, 'Промокод не применён', 'alertdialog'))).toContain(
      'Вы уже активировали этот промокод',
    );
  });

  it('an unknown code shows the refusal popup', async () => {
    const visitor = new Visitor();
    await visitor.signUp(`promo-${unique()}@example.ru`);
    const tab = new Tab(visitor);
    await tab.goto('/activate');
    fill(labelled(tab.page.document, 'Промокод'), 'NOSUCHCODE');
    await tab.submit(button(tab.page.document, 'Активировать')!);
    expect(words(dialog(tab.page.document, 'Промокод не применён', 'alertdialog'))).toContain(
      'Такого промокода нет',
    );
  });
});

it('the unsubscribe poll is answered once, without JavaScript too', async () => {
  const tab = new Tab(new Visitor());
  await tab.goto('/poll/unsubscribe?poll_slug=unsubscribe');
  expect(textsOf(tab.page.document, 'h1')).toEqual(['Почему вы отключили продление?']);
  check(labelled(tab.page.document, 'Всё интересное уже посмотрел'));
  fill(labelled(tab.page.document, 'Комментарий (необязательно)'), 'Жду новый сезон');
  check(labelled(tab.page.document, 'Возможно'));
  await tab.submit(button(tab.page.document, 'Отправить')!);
  expect(shownTexts(tab.page.document, '[role="status"]').join(' ')).toContain(
    'Спасибо, что рассказали',
  );
  await tab.goto('/poll/unsubscribe?poll_slug=unsubscribe');
  expect(shownTexts(tab.page.document, '[role="status"]').join(' ')).toContain(
    'Вы уже ответили на этот опрос',
  );
});
