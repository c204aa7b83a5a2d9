import { describe, expect, it } from 'vitest';
import { Visitor } from './support/visitor.ts';

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
/** Elements whose text a reader never sees as text. */
const UNSEEN = new Set(['script', 'style', 'template', 'noscript']);
const SHORT = /(?<![\p{L}\p{N}\p{M}-])[авиксоуяАВИКСОУЯ] /u;

/**
 * The typographic step (functions/lib/typeset.ts) as a reader meets it: no line of a page may end
 * on a one-letter word, so no text of the page has one followed by a plain space (U+0020). Every
 * text the server sends counts, hidden ones too: any of them may be shown.
 */
function looseShortWords(document: Document): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === ELEMENT_NODE) {
        if (!UNSEEN.has((child as Element).tagName.toLowerCase())) walk(child);
      } else if (child.nodeType === TEXT_NODE) {
        const text = child.textContent ?? '';
        if (SHORT.test(text))
          found.push(`${(node as Element).tagName.toLowerCase()}: ${text.trim().slice(0, 120)}`);
      }
    }
  };
  walk(document.body);
  return found;
}

/** Opens a page as a browser does, following its redirects. */
async function openFollowing(visitor: Visitor, path: string) {
  let page = await visitor.open(path);
  for (let hops = 0; hops < 3 && page.status >= 300 && page.status < 400; hops++)
    page = await visitor.open(page.headers.get('location')!);
  return page;
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

describe('no line ends on a one-letter word', () => {
  for (const path of PAGES) {
    it(`on ${path}`, async () => {
      const page = await openFollowing(new Visitor(), path);
      expect(page.status).toBe(200);
      expect(looseShortWords(page.document)).toEqual([]);
    });
  }

  it('on /settings for a signed-in viewer', async () => {
    const visitor = await new Visitor().signInAsDemo('subscriber');
    for (const path of [
      '/settings',
      '/settings/account',
      '/settings/profiles',
      '/settings/parental',
    ]) {
      const page = await openFollowing(visitor, path);
      expect(page.status, path).toBe(200);
      expect(looseShortWords(page.document), path).toEqual([]);
    }
  });
});
