import { afterPlaybackStart } from './playback-start.ts';

// Carousels scroll natively (CSS scroll-snap) from the first paint; Swiper takes one over only when
// the viewer interacts with that carousel (docs/product.md's speed rule, docs/decisions.md): the
// pointer enters or presses it, a touch starts on it, the wheel turns it sideways, or focus moves into
// it (the keyboard, a screen reader). A carousel nobody touches costs no Swiper code (24 KB) nor its
// layout work; its arrows appear with Swiper, which the pointer brings as it enters the shelf. Not
// while a press of «Смотреть» starts the video, nor after it until the viewer acts again
// (playback-start.ts). If Swiper cannot be fetched the carousel keeps scrolling natively.
const load = () =>
  import('./carousel-swiper.ts').catch(() => ({ mountCarousel: (_root: HTMLElement) => {} }));
const watched = new WeakSet<Element>();
/**
 * What counts as interacting with a carousel; each bubbles up to the carousel's section. The
 * pointer entering it is its first move over it: not `pointerover`, which Chromium also sends when
 * the page scrolls a carousel under a pointer at rest (the keyboard scrolling the page).
 */
const INTERACTIONS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'focusin'] as const;
const sideways = (e: WheelEvent) => e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY);
/** How long a carousel's track must be still before Swiper takes it over. */
const STILL_MS = 200;

/**
 * Follows the carousel from now (`touching`: a finger is already on it) and returns a function
 * that runs its `run` once the track is still: no finger on it and no scroll for a moment. The
 * interaction that loads Swiper is often a swipe, and Swiper taking the track over mid-swipe (it
 * resets the native scroll) would cut the gesture short.
 */
function stillness(root: HTMLElement, touching: boolean) {
  const track = root.querySelector<HTMLElement>('.carousel__track') ?? root;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: (() => void) | undefined;
  const arm = () => {
    clearTimeout(timer);
    if (pending && !touching) timer = setTimeout(finish, STILL_MS);
  };
  const down = () => {
    touching = true;
    clearTimeout(timer);
  };
  const up = () => {
    touching = false;
    arm();
  };
  // A touch ends on the element it started on, inside the carousel; scroll does not bubble.
  const on = [
    [track, 'scroll', arm],
    [root, 'touchstart', down],
    [root, 'touchend', up],
    [root, 'touchcancel', up],
  ] as const;
  function finish() {
    for (const [target, name, listener] of on) target.removeEventListener(name, listener);
    pending?.();
  }
  for (const [target, name, listener] of on)
    target.addEventListener(name, listener, { passive: true });
  return (run: () => void) => {
    pending = run;
    arm();
  };
}

/** Swiper for `root` now that the viewer interacts with it (`touching`: a finger is on it). */
function takeOver(root: HTMLElement, touching: boolean) {
  const whenStill = stillness(root, touching);
  // Not while a press of «Смотреть» starts the video (playback-start.ts).
  void afterPlaybackStart()
    .then(load)
    .then((m) => whenStill(() => m.mountCarousel(root)));
}

function watch(root: HTMLElement) {
  // Focus already inside (a later shelf's link moved into the carousel that replaced it).
  if (root.contains(document.activeElement)) {
    takeOver(root, false);
    return;
  }
  const interact = (e: Event) => {
    // The wheel turning the page past the carousel is not the viewer turning to it: only a
    // sideways wheel (a trackpad's swipe, Shift with a mouse wheel) is.
    if (e instanceof WheelEvent && !sideways(e)) return;
    for (const name of INTERACTIONS) root.removeEventListener(name, interact);
    takeOver(root, e.type === 'touchstart' || (e as PointerEvent).pointerType === 'touch');
  };
  for (const name of INTERACTIONS) root.addEventListener(name, interact, { passive: true });
}

/**
 * Enhances the carousels in `root` (src/components/carousel/Carousel.astro) that are not yet
 * enhanced: each gets Swiper when the viewer first interacts with it. The page's carousels call it
 * at load, a shelf that arrives later (the home page's later shelves) calls it for itself; a
 * carousel is watched once however often it is called.
 * @example enhanceCarousels(document)
 */
export function enhanceCarousels(root: Document | HTMLElement) {
  for (const r of root.querySelectorAll<HTMLElement>('[data-carousel]')) {
    if (watched.has(r)) continue;
    watched.add(r);
    watch(r);
  }
}
