import { describe, expect, it } from 'vitest';
import { button, fill, labelled, latestCode, link, Tab } from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

// The sign-in screens with JavaScript off: every step is the server's HTML, every form a plain POST.
const form = (tab: Tab) => tab.page.document.querySelector('.auth')!;
const alert = (tab: Tab) => words(form(tab).querySelector('[role="alert"]'));
const status = (tab: Tab) => words(form(tab).querySelector('[role="status"]'));
const PASSWORD = 'correct horse 1';
const unique = () => crypto.randomUUID().slice(0, 8);

describe('sign-in screens without JavaScript', () => {
  it('each step of the URL is rendered by the server with its form', async () => {
    const tab = new Tab(new Visitor());
    for (const [step, heading, name] of [
      ['signin', 'Вход по e-mail', 'Войти'],
      ['signup', 'Регистрация', 'Получить код'],
      ['signin-phone', 'Вход по номеру телефона', 'Получить код'],
      ['recovery', 'Восстановление пароля', 'Получить код'],
    ] as const) {
      await tab.goto(`/auth?step=${step}`);
      expect(textsOf(tab.page.document, 'h1'), step).toEqual([heading]);
      expect(button(form(tab), name), step).toBeDefined();
    }
    // «Войти по e-mail» on the choice screen leads to the e-mail form, not back to the choice.
    await tab.goto('/auth');
    await tab.follow(link(tab.page.document, 'Войти по e-mail'));
    expect(textsOf(tab.page.document, 'h1')).toEqual(['Вход по e-mail']);
    expect(labelled(form(tab), 'Пароль')).toBeDefined();
  });

  it('signs up with the e-mailed code, and signs in by e-mail and password, back where it started', async () => {
    const email = `nojs-${unique()}@example.ru`;
    const visitor = new Visitor();
    const tab = new Tab(visitor);
    await tab.goto('/auth?step=signup');
    // The browser's own checks pass an address without a domain zone; the server refuses it.
    fill(labelled(form(tab), 'E-mail'), 'anna@localhost');
    fill(labelled(form(tab), 'Пароль'), PASSWORD);
    await tab.submit(button(form(tab), 'Получить код')!);
    expect(tab.page.status).toBe(422);
    expect(alert(tab)).toBe('Введите корректный e-mail');
    expect(labelled(form(tab), 'E-mail')?.getAttribute('value')).toBe('anna@localhost');

    fill(labelled(form(tab), 'E-mail'), email);
    fill(labelled(form(tab), 'Пароль'), PASSWORD);
    await tab.submit(button(form(tab), 'Получить код')!);
    expect(status(tab)).toContain(email);
    fill(labelled(form(tab), 'Код подтверждения'), '000000');
    await tab.submit(button(form(tab), 'Подтвердить')!);
    expect(tab.page.status).toBe(422);
    expect(alert(tab)).toMatch(/^Неверный код/);
    const code = await latestCode(visitor, email, { purpose: 'sign_up_code' });
    fill(labelled(form(tab), 'Код подтверждения'), code);
    await tab.submit(button(form(tab), 'Подтвердить')!);
    expect(tab.page.document.querySelectorAll('.account-menu').length).toBe(1);
    visitor.cookies.clear();

    // Sign-in: a wrong password is refused in Russian on the page, the right one signs in.
    await tab.goto('/auth?step=signin&backPath=%2Fsettings');
    fill(labelled(form(tab), 'E-mail'), email);
    fill(labelled(form(tab), 'Пароль'), 'wrong password');
    await tab.submit(button(form(tab), 'Войти')!);
    expect(tab.page.status).toBe(422);
    expect(alert(tab)).toBe('Неверный e-mail или пароль');
    expect(labelled(form(tab), 'E-mail')?.getAttribute('value')).toBe(email);
    fill(labelled(form(tab), 'Пароль'), PASSWORD);
    await tab.submit(button(form(tab), 'Войти')!);
    expect(tab.url).toMatch(/\/settings$/);
    expect(tab.page.document.querySelectorAll('.account-menu').length).toBe(1);
  });

  it('phone and recovery steps answer a submit with the next step or a Russian error', async () => {
    const tab = new Tab(new Visitor());
    await tab.goto('/auth?step=signin-phone');
    fill(labelled(form(tab), 'Номер телефона'), '12345');
    await tab.submit(button(form(tab), 'Получить код')!);
    expect(alert(tab)).toMatch(/номер телефона в формате \+7/i);
    const digits = String(Date.now());
    const phone = `+7 999 ${digits.slice(-7, -4)}-${digits.slice(-4, -2)}-${digits.slice(-2)}`;
    fill(labelled(form(tab), 'Номер телефона'), phone);
    await tab.submit(button(form(tab), 'Получить код')!);
    expect(status(tab)).toContain('Мы отправили 6-значный код');
    expect(labelled(form(tab), 'Код подтверждения')).toBeDefined();

    await tab.goto('/auth?step=recovery');
    fill(labelled(form(tab), 'E-mail'), 'anna@localhost');
    await tab.submit(button(form(tab), 'Получить код')!);
    expect(alert(tab)).toBe('Введите корректный e-mail');
    fill(labelled(form(tab), 'E-mail'), `nobody-${unique()}@example.ru`);
    await tab.submit(button(form(tab), 'Получить код')!);
    expect(labelled(form(tab), 'Код подтверждения')).toBeDefined();
  });
});
