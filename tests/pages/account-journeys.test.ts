import { describe, expect, it } from 'vitest';
import { button, fill, labelled, latestCode, link, shownTexts, Tab } from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

const unique = () => crypto.randomUUID().slice(0, 8);
const uniquePhone = () => `+7999${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** How many account menus the page has (a count: vitest cannot print a parsed node). */
const accountMenus = (tab: Tab) => tab.page.document.querySelectorAll('.account-menu').length;
const auth = (tab: Tab) => tab.page.document.querySelector('.auth')!;

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** A visitor whose every request carries its browser's User-Agent, as a real device's would. */
class Device extends Visitor {
  constructor(readonly userAgent: string) {
    super();
  }
  override fetch(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('user-agent', this.userAgent);
    return super.fetch(path, { ...init, headers });
  }
}

/** An 18+ film of the catalogue: its page asks a signed-in account for the parental status. */
async function adultFilm(visitor: Visitor): Promise<string> {
  const res = await visitor.fetch('/cms/content/movies/?page_size=60');
  const { results } = (await res.json()) as { results: { url: string; ageRating: string }[] };
  return results.find((m) => m.ageRating === '18+')!.url;
}

describe('accounts without JavaScript', () => {
  it('sign up by e-mail with the code from the outbox, land back on the entry point’s section', async () => {
    const email = `new-${unique()}@example.ru`;
    const visitor = new Visitor();
    const tab = new Tab(visitor);
    await tab.goto('/settings');
    expect(tab.url).toMatch(/\/settings\/auth$/);
    await tab.follow(link(auth(tab), 'Создать аккаунт'));
    fill(labelled(auth(tab), 'E-mail'), email);
    fill(labelled(auth(tab), 'Пароль'), 'надёжный-пароль-1');
    await tab.submit(button(auth(tab), 'Получить код')!);
    fill(
      labelled(auth(tab), 'Код подтверждения'),
      await latestCode(visitor, email, { purpose: 'sign_up_code' }),
    );
    await tab.submit(button(auth(tab), 'Подтвердить')!);
    expect(tab.url).toMatch(/\/settings$/);
    expect(textsOf(tab.page.document, 'h1')).toEqual(['Настройки']);
    expect(words(tab.page.document.querySelector('title'))).toBe('Настройки | Амедиатека');
    expect(words(tab.page.document.querySelector('.settings-card'))).toContain(email);
    expect(accountMenus(tab)).toBe(1);
  });

  it('sign in by phone with the SMS code from the outbox, back on the section, and the account page shows the phone', async () => {
    const phone = uniquePhone();
    const visitor = new Visitor();
    const tab = new Tab(visitor);
    await tab.goto('/series');
    await tab.follow(link(tab.page.document, 'Войти'));
    await tab.follow(link(auth(tab), 'Войти по номеру телефона'));
    fill(labelled(auth(tab), 'Номер телефона'), phone);
    const since = new Date(Date.now() - 1000);
    await tab.submit(button(auth(tab), 'Получить код')!);
    fill(labelled(auth(tab), 'Код подтверждения'), await latestCode(visitor, phone, { since }));
    await tab.submit(button(auth(tab), 'Войти')!);
    expect(tab.url).toMatch(/\/series$/);
    expect(accountMenus(tab)).toBe(1);
    await tab.goto('/settings/account');
    expect(words(tab.page.document.querySelector('main'))).toContain(phone);
  });

  it('the logout form works without JavaScript', async () => {
    const visitor = new Visitor();
    await visitor.signUp(`nojs-${unique()}@example.ru`, 'надёжный-пароль-3');
    const tab = new Tab(visitor);
    await tab.goto('/series');
    const menu = tab.page.document.querySelector('.account-menu')!;
    await tab.submit(button(menu, 'Выйти')!);
    expect(tab.url).toBe('/');
    expect(link(tab.page.document, 'Войти')).toBeDefined();
  });

  it('changing the password ends the other devices’ sessions; the devices page lists and signs out devices', async () => {
    const email = `devices-${unique()}@example.ru`;
    const phone = new Device(PHONE_UA);
    const laptop = new Device(DESKTOP_UA);
    await phone.signUp(email, 'старый-пароль-1');
    const signedIn = await laptop.post('/auth/email/sign_in/', {
      email,
      password: 'старый-пароль-1',
    });
    expect(signedIn.status).toBe(200);

    const tab = new Tab(laptop);
    await tab.goto('/settings/devices');
    const devices = () => [...tab.page.document.querySelectorAll('.device')].map((d) => words(d));
    expect(devices()).toHaveLength(2);
    expect(devices().filter((d) => d.includes('это устройство'))).toEqual([
      expect.stringContaining('Компьютер'),
    ]);
    expect(devices().filter((d) => d.includes('Телефон'))).toHaveLength(1);

    await tab.goto('/settings/account');
    fill(labelled(tab.page.document, 'Текущий пароль'), 'неверный-пароль');
    fill(labelled(tab.page.document, 'Новый пароль'), 'новый-пароль-22');
    await tab.submit(button(tab.page.document, 'Сменить пароль')!);
    expect(shownTexts(tab.page.document, '[role="alert"]')).toHaveLength(1);
    fill(labelled(tab.page.document, 'Текущий пароль'), 'старый-пароль-1');
    fill(labelled(tab.page.document, 'Новый пароль'), 'новый-пароль-22');
    await tab.submit(button(tab.page.document, 'Сменить пароль')!);
    expect(shownTexts(tab.page.document, '[role="status"]').join(' ')).toContain(
      'Другие устройства вышли из аккаунта.',
    );

    // The phone's session is over: account pages refuse it at once.
    const refused = new Tab(phone);
    await refused.goto('/settings');
    expect(refused.url).toMatch(/\/settings\/auth$/);
    await tab.goto('/settings/devices');
    expect(devices()).toHaveLength(1);
  });

  it('a page renders for the token it was given after another device ended its session', async () => {
    const email = `revoked-${unique()}@example.ru`;
    const mine = new Visitor();
    await mine.signUp(email, 'надёжный-пароль-6');
    const other = new Tab(new Visitor());
    const signedIn = await other.visitor.post('/auth/email/sign_in/', {
      email,
      password: 'надёжный-пароль-6',
    });
    expect(signedIn.status).toBe(200);
    // Another device ends this one's session; this browser still holds a token valid for minutes.
    await other.goto('/settings/devices');
    await other.submit(button(other.page.document, 'Выйти на всех других устройствах')!);
    expect(textsOf(other.page.document, '.device')).toHaveLength(1);

    // An 18+ title: the page renders for the token it was given, with no parental status (the
    // session is not live); in a browser the page's start then asks the API, which refuses.
    // (The element, not the words: every page's inline CSS names .account-menu.)
    const page = await mine.open(await adultFilm(mine));
    expect(page.document.querySelectorAll('.account-menu').length).toBe(1);
  });
});
