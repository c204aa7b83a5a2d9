import { describe, expect, it } from 'vitest';
import {
  accessibleName,
  button,
  check,
  fill,
  headings,
  labelled,
  link,
  Tab,
} from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

const unique = () => crypto.randomUUID().slice(0, 8);
const auth = (tab: Tab) => tab.page.document.querySelector('.auth')!;

/** On the local identity provider's page: sign in as a typed person and allow. */
async function allowAs(tab: Tab, name: string, email: string) {
  expect(tab.url).toMatch(/^\/dev\/oauth\/\w+\/authorize\?/);
  const { document } = tab.page;
  check(labelled(document, 'Другой пользователь'));
  fill(labelled(document, 'Имя'), name);
  fill(labelled(document, 'E-mail'), email);
  await tab.submit(button(document, 'Разрешить')!);
}

describe('social sign-in with the local identity provider', () => {
  it('a guest signs in through Яндекс from /auth, lands back on the section, then binds ВКонтакте in settings', async () => {
    const id = unique();
    const tab = new Tab(new Visitor());
    await tab.goto('/auth?backPath=/series');
    await tab.follow(link(auth(tab), 'Войти через Яндекс'));
    await allowAs(tab, 'Ольга Иванова', `olga-${id}@example.ru`);
    expect(tab.url).toMatch(/\/series$/);
    expect(tab.page.document.querySelectorAll('.account-menu').length).toBe(1);

    await tab.goto('/settings/account');
    const socials = () =>
      [...tab.page.document.querySelectorAll('section')].find(
        (s) => headings(s, 'Вход через соцсети').length > 0,
      )!;
    expect(words(socials())).toContain('Яндекс — привязан (Ольга Иванова)');
    await tab.submit(button(socials(), 'Привязать «ВКонтакте»')!);
    await allowAs(tab, 'Ольга Иванова', `olga-vk-${id}@example.ru`);
    expect(tab.url).toMatch(/\/settings\/account$/);
    expect(words(socials())).toContain('ВКонтакте — привязан');
    const account = await (await tab.visitor.fetch('/auth/account/')).json();
    expect(account).toMatchObject({
      email: `olga-${id}@example.ru`,
      socials: { ya: true, vk: true, ok: false, gp: false, fb: false },
    });
  });

  it('a refusal at the provider comes back to /auth with the server message for the social-error popup', async () => {
    const tab = new Tab(new Visitor());
    await tab.goto('/auth');
    await tab.follow(link(auth(tab), 'Войти через Facebook'));
    expect(tab.url).toMatch(/\/dev\/oauth\/fb\/authorize/);
    await tab.submit(button(tab.page.document, 'Отказать')!);
    expect(tab.url).toMatch(/\/auth\?socialError=cancelled&social=fb$/);
    // The popup is opened by the island's script; its words are the server's.
    const popup = [...tab.page.document.querySelectorAll('[role="alertdialog"]')].find(
      (d) => accessibleName(d) === 'Не удалось войти',
    );
    expect(words(popup)).toContain('Вход через сервис «Facebook» отменён');
    expect(button(popup!, 'Закрыть')).toBeDefined();
  });

  it('the local provider’s authorize page names the provider', async () => {
    const tab = new Tab(new Visitor());
    await tab.goto('/auth');
    await tab.follow(link(auth(tab), 'Войти через ВКонтакте'));
    expect(textsOf(tab.page.document, 'h1')).toEqual(['Вход через «ВКонтакте»']);
  });
});
