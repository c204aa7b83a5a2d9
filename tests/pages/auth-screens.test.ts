import { describe, expect, it } from 'vitest';
import { attr, labelled, link, Tab } from './support/html-form.ts';
import { textsOf, Visitor } from './support/visitor.ts';

const form = (tab: Tab) => tab.page.document.querySelector('.auth')!;

describe('sign-in screens', () => {
  it('/auth offers e-mail, phone and sign-up, each a step with its own URL', async () => {
    const tab = new Tab(new Visitor());
    await tab.goto('/auth');
    expect(textsOf(tab.page.document, 'h1')).toEqual(['Вход или регистрация']);
    await tab.follow(link(tab.page.document, 'Войти по e-mail'));
    expect(tab.url).toMatch(/\/auth\?step=signin$/);
    expect(textsOf(tab.page.document, 'h1')).toEqual(['Вход по e-mail']);
    expect(attr(labelled(form(tab), 'E-mail'), 'autocomplete')).toBe('username');
    expect(attr(labelled(form(tab), 'Пароль'), 'autocomplete')).toBe('current-password');
    await tab.follow(link(tab.page.document, 'Забыли пароль?'));
    expect(textsOf(tab.page.document, 'h1')).toEqual(['Восстановление пароля']);
    await tab.goto('/auth?step=signin-phone');
    expect(textsOf(tab.page.document, 'h1')).toEqual(['Вход по номеру телефона']);
    expect(attr(labelled(tab.page.document, 'Номер телефона'), 'type')).toBe('tel');
  });

  it('/reset-password opens the flow on password recovery', async () => {
    const tab = new Tab(new Visitor());
    await tab.goto('/reset-password');
    expect(textsOf(tab.page.document, 'h1')).toEqual(['Восстановление пароля']);
    expect(labelled(form(tab), 'E-mail')).toBeDefined();
  });

  it('the sign-in screens are not indexed', async () => {
    for (const step of ['auth', 'signin', 'signup', 'signin-phone', 'recovery']) {
      const { document } = await new Visitor().open(`/auth?step=${step}`);
      expect(document.querySelector('.auth form, .auth__choices'), step).not.toBeNull();
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content'), step).toBe(
        'noindex, nofollow',
      );
    }
  });

  it('a signed-in visitor is sent back: /auth to a safe backPath, entry points to their section', async () => {
    const visitor = await new Visitor().holdToken();
    let page = await visitor.open('/auth?backPath=%2Fseries');
    expect([page.status, page.headers.get('location')]).toEqual([302, '/series']);
    page = await visitor.open('/auth?backPath=https%3A%2F%2Fevil.example');
    expect([page.status, page.headers.get('location')]).toEqual([302, '/']);
    page = await visitor.open('/gifts/auth');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/gifts');
  });

  it('a signed-in visitor is never sent off the site by a back path that normalises to //host', async () => {
    const visitor = await new Visitor().holdToken();
    const origin = 'http://localhost:8787';
    for (const back of [
      '/.//evil.example/phish',
      '/..//evil.example/phish',
      '/%2e//evil.example/phish',
    ]) {
      const page = await visitor.open(`/auth?backPath=${encodeURIComponent(back)}`);
      expect(page.status, back).toBe(302);
      expect(new URL(page.headers.get('location')!, origin).origin, back).toBe(origin);
    }
  });
});
