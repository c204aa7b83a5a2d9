import { describe, expect, it } from 'vitest';
import { attr, link } from './support/html-form.ts';
import { Visitor, words } from './support/visitor.ts';

describe('forms speak Russian next to the field', () => {
  it('the sign-up form leaves the checks to our Russian messages, not the browser’s bubbles', async () => {
    const { document } = await new Visitor().open('/auth?step=signup');
    expect(attr(document.querySelector('form.auth__form'), 'novalidate')).toBe('');
  });

  it('the support form on a page leaves the checks to our Russian messages, not the browser’s bubbles', async () => {
    const visitor = await new Visitor().signInAsDemo('viewer');
    const { document } = await visitor.open('/settings/support');
    expect(attr(document.querySelector('main form.support-form'), 'novalidate')).toBe('');
  });

  it('signing up states that it accepts the terms and the privacy policy', async () => {
    const { document } = await new Visitor().open('/auth?step=signup');
    const consent = document.querySelector('.auth__consent')!;
    expect(words(consent)).toBe(
      'Регистрируясь, вы принимаете условия пользовательского соглашения и политику конфиденциальности.',
    );
    expect(link(consent, 'условия пользовательского соглашения')?.getAttribute('href')).toBe(
      '/info/tos/',
    );
    expect(link(consent, 'политику конфиденциальности')?.getAttribute('href')).toBe(
      '/info/privacy',
    );
  });

  it('social sign-in buttons carry the providers’ marks, their names unchanged', async () => {
    const { document } = await new Visitor().open('/auth');
    for (const name of ['ВКонтакте', 'Одноклассники', 'Яндекс', 'Google', 'Facebook']) {
      const button = link(document, `Войти через ${name}`);
      expect(button, name).toBeDefined();
      // A drawn mark (SVG) or a letter drawn by CSS: hidden from screen readers, no text inside.
      const mark = button!.querySelector('.social-mark[aria-hidden="true"]');
      expect(mark, name).not.toBeNull();
      expect(mark!.textContent?.trim(), name).toBe('');
    }
  });
});
