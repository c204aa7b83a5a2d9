import { describe, expect, it } from 'vitest';
import {
  button,
  check,
  fill,
  headings,
  labelled,
  latestCode,
  link,
  loosely,
  outboxFor,
  shownTexts,
  Tab,
} from './support/html-form.ts';
import { Visitor, words } from './support/visitor.ts';

const unique = () => crypto.randomUUID().slice(0, 8);
const uniquePhone = () => `+7998${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const main = (tab: Tab) => tab.page.document.querySelector('main')!;
const alerts = (tab: Tab) => shownTexts(tab.page.document, '[role="alert"]');
const statuses = (tab: Tab) => shownTexts(tab.page.document, '[role="status"]');

/** On the local identity provider's page: sign in as a typed person and allow. */
async function allowAs(tab: Tab, name: string, email: string) {
  expect(tab.url).toMatch(/^\/dev\/oauth\/\w+\/authorize\?/);
  const { document } = tab.page;
  check(labelled(document, 'Другой пользователь'));
  fill(labelled(document, 'Имя'), name);
  fill(labelled(document, 'E-mail'), email);
  await tab.submit(button(document, 'Разрешить')!);
}

describe('changing the e-mail and phone on /settings/account', () => {
  it('an e-mail account changes its address with the password and the code, without JavaScript', async () => {
    const old = `old-${unique()}@example.ru`;
    const next = `next-${unique()}@example.ru`;
    const visitor = new Visitor();
    await visitor.signUp(old, 'надёжный-пароль-5');
    const tab = new Tab(visitor);

    await tab.goto('/settings/account');
    await tab.follow(link(tab.page.document, 'Изменить e-mail'));
    const change = () => tab.page.document.querySelector('form[aria-labelledby="change-title"]')!;
    expect(words(tab.page.document.getElementById('change-title'))).toBe('Новый e-mail');
    fill(labelled(change(), 'Новый e-mail'), next);
    fill(labelled(change(), 'Текущий пароль'), 'не-тот-пароль');
    await tab.submit(button(main(tab), 'Получить код')!);
    expect(alerts(tab)).toEqual(['Неверный текущий пароль']);
    expect(labelled(main(tab), 'Новый e-mail')?.getAttribute('value')).toBe(next);

    fill(labelled(change(), 'Текущий пароль'), 'надёжный-пароль-5');
    const since = new Date(Date.now() - 1000);
    await tab.submit(button(main(tab), 'Получить код')!);
    expect(words(main(tab))).toContain(`Мы отправили код на ${next}.`);
    fill(labelled(main(tab), 'Код из письма'), '000000');
    await tab.submit(button(main(tab), 'Подтвердить')!);
    expect(alerts(tab).join(' ')).toContain('Неверный код');
    fill(
      labelled(main(tab), 'Код из письма'),
      await latestCode(visitor, next, { since, purpose: 'contact_change_code' }),
    );
    await tab.submit(button(main(tab), 'Подтвердить')!);

    expect(statuses(tab)).toEqual(['E-mail изменён.']);
    expect(words(main(tab).querySelector('.contacts'))).toContain(next);
    const [notice] = await outboxFor(visitor, old, { purpose: 'contact_changed', since });
    // Messages are typeset: compare the words, whatever the spaces between them.
    expect(notice?.subject?.replace(/\s/g, ' ')).toBe('В аккаунте Амедиатеки изменён e-mail');
  });

  it('an account without a password (social sign-in) proves itself with a code, then adds a phone', async () => {
    const email = `social-${unique()}@example.ru`;
    const phone = uniquePhone();
    const visitor = new Visitor();
    const tab = new Tab(visitor);
    await tab.goto('/auth');
    await tab.follow(link(tab.page.document.querySelector('.auth')!, 'Войти через Яндекс'));
    await allowAs(tab, 'Пётр Соколов', email);
    expect(tab.page.document.querySelectorAll('.account-menu').length).toBe(1);

    await tab.goto('/settings/account');
    await tab.follow(link(main(tab), 'Добавить номер телефона'));
    expect(headings(main(tab), 'Добавить номер телефона').map((h) => words(h))).toHaveLength(1);
    expect(words(main(tab))).toContain(
      'У аккаунта нет пароля, поэтому подтвердите, что это вы: мы отправим код на so***@example.ru.',
    );
    let since = new Date(Date.now() - 1000);
    await tab.submit(button(main(tab), 'Получить код')!);
    fill(
      labelled(main(tab), 'Код подтверждения'),
      await latestCode(visitor, email, { since, purpose: 'parental_control_code' }),
    );
    await tab.submit(button(main(tab), 'Подтвердить')!);

    expect(labelled(tab.page.document, loosely('Текущий пароль'))?.outerHTML).toBeUndefined();
    fill(labelled(main(tab), 'Новый номер телефона'), phone);
    since = new Date(Date.now() - 1000);
    await tab.submit(button(main(tab), 'Получить код')!);
    fill(
      labelled(main(tab), 'Код из SMS'),
      await latestCode(visitor, phone, { since, purpose: 'contact_change_code' }),
    );
    await tab.submit(button(main(tab), 'Подтвердить')!);
    expect(statuses(tab)).toEqual(['Номер телефона изменён.']);
    expect(words(main(tab).querySelector('.contacts'))).toContain(phone);
    const [notice] = await outboxFor(visitor, email, { purpose: 'contact_changed', since });
    expect(notice?.subject?.replace(/\s/g, ' ')).toBe(
      'В аккаунте Амедиатеки изменён номер телефона',
    );
  });
});
