import { describe, expect, it } from 'vitest';
import { loadedShelves } from './support/home-shelves.ts';
import { Visitor, words } from './support/visitor.ts';

/** The links a reader hears by that name. */
const linksNamed = (root: Element, name: string) =>
  [...root.querySelectorAll('a')].filter(
    (a) => (a.getAttribute('aria-label') ?? words(a)) === name,
  );

describe('title cards', () => {
  it('the card stays one link, with play and favourite beside it: play starts the title, the heart sends a guest to sign in', async () => {
    const { document } = await new Visitor().open('/series');
    const card = document.querySelector('.title-grid .card')!;
    const href = card.querySelector('.card__link')!.getAttribute('href');
    expect(card.querySelectorAll('a a, a button').length).toBe(0);
    expect(card.querySelectorAll('.card__link').length).toBe(1);
    const name = words(card.querySelector('.card__name'));
    const play = linksNamed(card, `Смотреть «${name}»`);
    expect(play.length).toBe(1);
    expect(play[0]!.getAttribute('href')).toBe(`${href}?play=1#player`);
    const heart = linksNamed(card, `Войти, чтобы добавить «${name}» в избранное`);
    expect(heart.length).toBe(1);
    expect(heart[0]!.getAttribute('href')).toBe('/auth?backPath=%2Fseries');
  });
});

describe('catalogue art', () => {
  for (const path of ['/', '/series']) {
    it(`images on ${path} have srcset, sizes, width and height`, async () => {
      const { document } = await new Visitor().open(path);
      const images = [...document.querySelectorAll('main img[srcset]')];
      expect(images.length).toBeGreaterThan(10);
      const missing = images
        .filter(
          (img) =>
            !img.getAttribute('sizes') || !img.getAttribute('width') || !img.getAttribute('height'),
        )
        .map((img) => img.outerHTML.slice(0, 120));
      expect(missing).toEqual([]);
    });
  }

  it('posters of one shelf are all different pictures', async () => {
    const visitor = new Visitor();
    const shelves = await loadedShelves(visitor, await visitor.open('/'));
    const shelf = shelves
      .map((s) =>
        s.matches('section[data-carousel]') ? s : s.querySelector('section[data-carousel]'),
      )
      .find((s) => s?.getAttribute('data-carousel') === 'poster')!;
    const sources = [...shelf.querySelectorAll('img.card__poster')].map((img) =>
      img.getAttribute('src'),
    );
    expect(sources.length).toBeGreaterThan(1);
    expect(new Set(sources).size).toBe(sources.length);
  });
});

describe('the largest paint of a title page', () => {
  it('is its backdrop, preloaded first in the head with the srcset and sizes its <img> takes', async () => {
    const { document } = await new Visitor().open('/watch/481');
    const backdrop = document.querySelector('img.hero-title__bg')!;
    const preloads = [...document.querySelectorAll('head link[rel="preload"]')];
    expect(preloads[0]!.getAttribute('as')).toBe('image');
    expect(preloads[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(preloads[0]!.getAttribute('href')).toBe(backdrop.getAttribute('src'));
    expect(preloads[0]!.getAttribute('imagesrcset')).toBe(backdrop.getAttribute('srcset'));
    expect(preloads[0]!.getAttribute('imagesizes')).toBe(backdrop.getAttribute('sizes'));
  });

  it('is left unpreloaded on pages whose first screen is text', async () => {
    const { document } = await new Visitor().open('/faq');
    expect(document.querySelectorAll('head link[rel="preload"][as="image"]').length).toBe(0);
  });
});
