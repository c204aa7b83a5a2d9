import { describe, expect, it } from 'vitest';
import { button, Tab } from './support/html-form.ts';
import { Visitor, words } from './support/visitor.ts';

/** The region named «Использование cookie» (by the heading it is labelled with), if the page has it. */
const banner = (document: Document) =>
  [...document.querySelectorAll('[aria-labelledby]')].find(
    (el) =>
      words(document.getElementById(el.getAttribute('aria-labelledby')!) ?? undefined) ===
      'Использование cookie',
  );

describe('without JavaScript', () => {
  it('accepting the cookie banner returns to the same page without the banner', async () => {
    const tab = new Tab(new Visitor());
    const path = '/get-ip?from=test';
    await tab.goto(path);
    const form = banner(tab.page.document)?.querySelector('form');
    expect([...(form?.querySelectorAll('button') ?? [])].map((b) => words(b))).toEqual(['Принять']);
    expect(form?.getAttribute('method')).toBe('post');
    // The form names the page it is on: no Referer needed (this tab sends none).
    await tab.submit(button(form!, 'Принять')!);
    expect(tab.hops.map((h) => h.status)).toEqual([303, 200]);
    expect(tab.url).toBe(path);
    expect(tab.visitor.cookies.get('cookie_agreement')).toBe('1');
    expect(tab.page.document.querySelectorAll('h1').length).toBe(1);
    expect(banner(tab.page.document)?.outerHTML.slice(0, 120)).toBeUndefined();
  });
});
