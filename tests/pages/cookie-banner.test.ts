import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
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
    const visitor = new Visitor();
    const path = '/get-ip?from=test';
    const page = await visitor.open(path);
    const form = banner(page.document)?.querySelector('form');
    expect([...(form?.querySelectorAll('button') ?? [])].map((b) => words(b))).toEqual(['Принять']);
    expect(form?.getAttribute('method')).toBe('post');
    // The browser posts the form as it is, naming the page it was on (Referer).
    const accepted = await visitor.fetch(form!.getAttribute('action')!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: `${env.SITE_ORIGIN}${path}`,
      },
      body: new URLSearchParams(),
    });
    expect(accepted.status).toBe(303);
    const location = new URL(accepted.headers.get('location')!, env.SITE_ORIGIN);
    expect(location.pathname + location.search).toBe(path);
    const back = await visitor.open(location.href);
    expect(back.status).toBe(200);
    expect(back.document.querySelectorAll('h1').length).toBe(1);
    expect(banner(back.document)?.outerHTML.slice(0, 120)).toBeUndefined();
  });
});
