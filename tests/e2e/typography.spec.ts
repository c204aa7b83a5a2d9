import { expect, type Page, test } from '@playwright/test';
import { signInByEmail } from './support/accounts.ts';

// Its own client address: sign-ins here must not spend the allowance other files share.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.64' } });

/**
 * The typographic step (functions/lib/typeset.ts) as a reader meets it: no line of a page may end
 * on a one-letter word, so no visible text has one followed by a plain space (U+0020).
 */
async function looseShortWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const short = /(?<![\p{L}\p{N}\p{M}-])[авиксоуяАВИКСОУЯ] /u;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!short.test(text) || !parent) continue;
      if (parent.closest('script, style, template, noscript')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      found.push(`${parent.tagName.toLowerCase()}: ${text.trim().slice(0, 120)}`);
    }
    return found;
  });
}

const PAGES = [
  '/',
  '/series',
  '/movies',
  '/watch/1',
  '/tv',
  '/search?query=город',
  '/faq',
  '/info/tos/',
  '/auth',
  '/auth?step=signup',
];

test.describe('no line ends on a one-letter word', () => {
  for (const path of PAGES) {
    test(`on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await looseShortWords(page)).toEqual([]);
    });
  }

  test('on /settings for a signed-in viewer', async ({ page }) => {
    await signInByEmail(page, 'subscriber@demo.amediateka.example', 'smotrim-demo');
    for (const path of [
      '/settings',
      '/settings/account',
      '/settings/profiles',
      '/settings/parental',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await looseShortWords(page), path).toEqual([]);
    }
  });
});
