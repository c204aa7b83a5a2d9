import { onFirstInput } from './first-input.ts';
import { afterPlaybackStart } from './playback-start.ts';

// Carousels scroll natively (CSS scroll-snap) from the first paint; Swiper takes them over only
// after the viewer's first input (first-input.ts): before it nobody pages a carousel, and Swiper's
// code and layout work would be the page's main-thread cost at load. From then on each carousel
// gets Swiper as it nears the viewport, one per task, but not while a press of «Смотреть» starts
// the video, nor after it until the viewer acts again (playback-start.ts). If Swiper cannot be
// fetched the carousels keep scrolling natively.
const load = () =>
  import('./carousel-swiper.ts').catch(() => ({ mountCarousel: (_root: HTMLElement) => {} }));
let observer: IntersectionObserver | undefined;
const watched = new WeakSet<Element>();
/** How long a carousel's track must be still before Swiper takes it over. */
const STILL_MS = 200;

/**
 * Runs `run` once the carousel's track is still: no finger on it and no scroll for a moment. The
 * first input is often a swipe on a carousel, and Swiper taking the track over mid-swipe (it resets
 * the native scroll) would cut the gesture short.
 */
function whenStill(root: HTMLElement, run: () => void) {
  const track = root.querySelector<HTMLElement>('.carousel__track') ?? root;
  let touching = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    if (!touching) timer = setTimeout(finish, STILL_MS);
  };
  const down = () => {
    touching = true;
    clearTimeout(timer);
  };
  const up = () => {
    touching = false;
    arm();
  };
  const on = [
    ['scroll', arm],
    ['touchstart', down],
    ['touchend', up],
    ['touchcancel', up],
  ] as const;
  function finish() {
    for (const [name, listener] of on) track.removeEventListener(name, listener);
    run();
  }
  for (const [name, listener] of on) track.addEventListener(name, listener, { passive: true });
  arm();
}

function watch(r: HTMLElement) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        // A task each (a page's worth of carousels at once would hold the thread the viewer is
        // using), and not under a moving finger.
        const root = entry.target as HTMLElement;
        // Not while a press of «Смотреть» starts the video (playback-start.ts).
        void afterPlaybackStart()
          .then(load)
          .then((m) => whenStill(root, () => m.mountCarousel(root)));
      }
    },
    { rootMargin: '300px 0px' },
  );
  observer.observe(r);
}

/**
 * Enhances the carousels in `root` (src/components/carousel/Carousel.astro) that are not yet
 * enhanced: Swiper as each nears the viewport once the viewer has acted on the page. The page's carousels call it at load, a shelf
 * that arrives later (the home page's later shelves) calls it for itself; a carousel is watched
 * once however often it is called.
 * @example enhanceCarousels(document)
 */
export function enhanceCarousels(root: Document | HTMLElement) {
  const roots = [...root.querySelectorAll<HTMLElement>('[data-carousel]')].filter(
    (r) => !watched.has(r),
  );
  for (const r of roots) {
    watched.add(r);
    onFirstInput(() => watch(r));
  }
}
