import { stepAsideFromControls } from '../components/support/step-aside.ts';

// Swiper is fetched only when a carousel comes near the viewport (or the browser is idle) and
// then enhances that carousel's server markup; until then the track scrolls natively.
// If it cannot be fetched the carousels keep scrolling natively.
const load = () =>
  import('./carousel-swiper.ts').catch(() => ({ mountCarousel: (_root: HTMLElement) => {} }));
let observer: IntersectionObserver | undefined;
const watched = new WeakSet<Element>();
let idle = false;

/**
 * Enhances the carousels in `root` (src/components/carousel/Carousel.astro) that are not yet
 * enhanced: Swiper as each nears the viewport, and the support button stepping aside from their
 * arrows. The page's carousels call it at load, a shelf that arrives later (the home page's later
 * shelves) calls it for itself; a carousel is watched once however often it is called.
 * @example enhanceCarousels(document)
 */
export function enhanceCarousels(root: Document | HTMLElement) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        void load().then((m) => m.mountCarousel(entry.target as HTMLElement));
      }
    },
    { rootMargin: '300px 0px' },
  );
  const roots = [...root.querySelectorAll<HTMLElement>('[data-carousel]')].filter(
    (r) => !watched.has(r),
  );
  for (const r of roots) {
    watched.add(r);
    observer.observe(r);
  }
  stepAsideFromControls();
  if (!roots.length || idle) return;
  idle = true;
  ('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(() => void load());
}
