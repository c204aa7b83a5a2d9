import { listenToCardHearts } from '../components/catalogue/card-hearts.ts';
import { enhanceCarousels } from './carousel-enhance.ts';
import { onFirstInput } from './first-input.ts';

/**
 * How far ahead of the viewport a later shelf is fetched once the viewer acts on the page: about
 * two screens, so on a normal scroll its carousel is in place (and laid out off screen) before it
 * shows. Until then only a shelf in the viewport is fetched: a page nobody has touched spends its
 * load on the screen it shows, not on two more.
 */
const AHEAD = '1600px 0px';

/** The fragment's carousel, or null when the answer is not one. */
async function fetchCarousel(path: string): Promise<HTMLElement | null> {
  const res = await fetch(path, { credentials: 'same-origin' });
  if (!res.ok) return null;
  const template = document.createElement('template');
  // A template's content is inert: the fragment's own <script> tags neither run nor are kept.
  template.innerHTML = await res.text();
  return template.content.querySelector<HTMLElement>('section[data-carousel]');
}

/** Puts the carousel in the shelf's place, enhanced; false when it could not be fetched. */
async function load(shelf: HTMLElement): Promise<boolean> {
  const carousel = await fetchCarousel(shelf.dataset.laterShelf ?? '').catch(() => null);
  if (!carousel || !shelf.isConnected) return false;
  const focused = shelf.contains(document.activeElement)
    ? (document.activeElement as HTMLElement).getAttribute('href')
    : null;
  // No measuring: the heads are alike and both slide rooms are held at a card's height by CSS
  // (Carousel.astro), so the carousel is as tall as what it replaces until it is drawn.
  shelf.replaceWith(carousel);
  if (focused !== null)
    [...carousel.querySelectorAll<HTMLElement>('a[href]')]
      .find((a) => a.getAttribute('href') === focused)
      ?.focus({ preventScroll: true });
  if (carousel.querySelector('[data-card]')) listenToCardHearts();
  enhanceCarousels(carousel.parentElement ?? document);
  return true;
}

/**
 * The home page's later shelves (src/components/carousel/Carousel.astro, `later`): each fetches
 * its whole carousel, server-rendered, as it nears the viewport and takes its place, enhanced like
 * the first ones (Swiper, the hearts). If a fetch fails the shelf keeps its heading and shows its
 * links, and tries once more each time it comes back into view after leaving it. Focus inside a
 * shelf moves to the same link in the carousel that replaces it.
 * @example loadLaterShelves(document)
 */
export function loadLaterShelves(root: ParentNode) {
  /** Failed shelves that have left the view since: the next time they are in view, they try again. */
  const left = new WeakSet<Element>();
  /** Shelves fetched (or being fetched) once already: the first input does not fetch them again. */
  const tried = new WeakSet<Element>();
  const attempt = (shelf: HTMLElement, from: IntersectionObserver) => {
    // Both first observers may report a shelf in the same frame (input before this ran).
    if (from !== again && tried.has(shelf)) return;
    for (const observer of from === again ? [again] : [inView, ahead]) observer.unobserve(shelf);
    tried.add(shelf);
    void load(shelf).then((done) => {
      if (done) return;
      // Its links show instead of the empty room until a later try brings the carousel.
      shelf.dataset.laterFailed = '';
      left.delete(shelf);
      again.observe(shelf);
    });
  };
  const again = new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      if (!isIntersecting) left.add(target);
      else if (left.has(target)) attempt(target as HTMLElement, again);
    }
  });
  const near = (margin?: string) => {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const { target, isIntersecting } of entries)
          if (isIntersecting) attempt(target as HTMLElement, observer);
      },
      { rootMargin: margin },
    );
    return observer;
  };
  const inView = near();
  const ahead = near(AHEAD);
  const shelves = [...root.querySelectorAll<HTMLElement>('[data-later-shelf]')];
  for (const shelf of shelves) inView.observe(shelf);
  onFirstInput(() => {
    for (const shelf of shelves) if (!tried.has(shelf)) ahead.observe(shelf);
  });
}
