import { listenToCardHearts } from '../components/catalogue/card-hearts.ts';
import { enhanceCarousels } from './carousel-enhance.ts';

/**
 * How far ahead of the viewport a later shelf is fetched: about two screens, so on a normal scroll
 * its carousel is in place (and laid out off screen) before it shows.
 */
const AHEAD = '1600px 0px';

/** A shelf that could not be fetched waits until it has left and comes near again. */
type State = 'waiting' | 'loading' | 'failed';

/** The fragment's carousel, or null when the answer is not one. */
async function fetchCarousel(path: string): Promise<HTMLElement | null> {
  const res = await fetch(path, { credentials: 'same-origin' });
  if (!res.ok) return null;
  const template = document.createElement('template');
  // A template's content is inert: the fragment's own <script> tags neither run nor are kept.
  template.innerHTML = await res.text();
  return template.content.querySelector<HTMLElement>('section[data-carousel]');
}

/**
 * The home page's later shelves (src/components/carousel/Carousel.astro, `later`): each fetches
 * its whole carousel, server-rendered, as it nears the viewport and takes its place, enhanced like
 * the first ones (Swiper, the hearts). If a fetch fails the shelf keeps its heading and links and
 * tries again the next time it comes near. Focus inside a shelf moves to the same link in the
 * carousel that replaces it.
 * @example loadLaterShelves(document)
 */
export function loadLaterShelves(root: ParentNode) {
  const states = new WeakMap<Element, State>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const shelf = entry.target as HTMLElement;
        const state = states.get(shelf) ?? 'waiting';
        if (!entry.isIntersecting) {
          if (state === 'failed') states.set(shelf, 'waiting');
          continue;
        }
        if (state !== 'waiting') continue;
        states.set(shelf, 'loading');
        void load(shelf).then((done) => {
          if (done) observer.unobserve(shelf);
          else states.set(shelf, 'failed');
        });
      }
    },
    { rootMargin: AHEAD },
  );
  for (const shelf of root.querySelectorAll('[data-later-shelf]')) observer.observe(shelf);
}

async function load(shelf: HTMLElement): Promise<boolean> {
  const carousel = await fetchCarousel(shelf.dataset.laterShelf ?? '').catch(() => null);
  if (!carousel || !shelf.isConnected) return false;
  const focused = shelf.contains(document.activeElement)
    ? (document.activeElement as HTMLElement).getAttribute('href')
    : null;
  shelf.replaceWith(carousel);
  if (focused !== null)
    [...carousel.querySelectorAll<HTMLElement>('a[href]')]
      .find((a) => a.getAttribute('href') === focused)
      ?.focus({ preventScroll: true });
  if (carousel.querySelector('[data-card]')) listenToCardHearts();
  enhanceCarousels(carousel.parentElement ?? document);
  return true;
}
