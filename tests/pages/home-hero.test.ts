import { describe, expect, it } from 'vitest';
import { Visitor } from './support/visitor.ts';

/** The title id a URL names: `/watch/{id}` or a title's art `/media/art/background/{id}-…`. */
const titleOf = (url: string | null) =>
  Number(
    /^\/(?:watch|media\/art\/background)\/(\d+)(?:[-/?#]|$)/.exec(url ?? '')?.[1] ?? Number.NaN,
  );

/** The nearest element around `el` that holds a picture: the slide a link is seen with. */
function slideOf(el: Element): Element | null {
  for (let at = el.parentElement; at; at = at.parentElement) if (at.querySelector('img')) return at;
  return null;
}

describe('the home hero', () => {
  for (const [who, visitor] of [
    ['a guest', () => new Visitor()],
    ['the demo subscriber', () => new Visitor().signInAsDemo('subscriber')],
  ] as const)
    it(`shows ${who} each banner's link with its own title's art, every banner once`, async () => {
      const v = await visitor();
      const api = (await (await v.fetch('/cms/showcases/page-banners/?page=/')).json()) as {
        results: { content: { id: number } }[];
      };
      const ids = api.results.map((b) => b.content.id);
      expect(ids.length).toBeGreaterThan(1);
      const { document } = await v.open('/');
      const hero = document.querySelector('.hero')!;
      const links = [...hero.querySelectorAll('a[href^="/watch/"]')];
      expect(links.map((a) => titleOf(a.getAttribute('href')))).toEqual(ids);
      for (const link of links) {
        const id = titleOf(link.getAttribute('href'));
        const slide = slideOf(link);
        expect(slide, `a picture with the link to ${id}`).not.toBeNull();
        // The slide's pictures are that title's, whichever width the browser picks.
        const pictures = [...slide!.querySelectorAll('img')];
        expect(pictures.length, `${id}`).toBe(1);
        const img = pictures[0]!;
        const urls = [
          img.getAttribute('src'),
          ...(img.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(' ')[0]!),
        ];
        expect(urls.map(titleOf), `${id}`).toEqual(urls.map(() => id));
      }
    });
});
