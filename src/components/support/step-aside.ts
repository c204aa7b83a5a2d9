/**
 * Steps the floating support button aside (SupportWidget.astro) while a carousel arrow or a footer
 * badge passes under it: it fades out (and out of the tab order) and comes back once the control
 * has gone; never while it has the keyboard's focus. Started by the carousels' script; called again
 * when carousels are added to the page (the home page's later shelves), it watches those too. The
 * watched box follows the button's: the window's size, and the button's own (its text changes width
 * when the web font replaces the fallback).
 */
let rewatch: (() => void) | undefined;
export function stepAsideFromControls() {
  if (rewatch) return rewatch();
  const fab = document.querySelector<HTMLElement>('.support-fab');
  const guarded = '[data-carousel-prev], [data-carousel-next], .badge';
  let observer: IntersectionObserver | undefined;
  const watch = () => {
    if (!fab) return;
    observer?.disconnect();
    const r = fab.getBoundingClientRect();
    // The viewport an observer measures against leaves out a classic scrollbar; innerWidth does not.
    const { clientWidth: vw, clientHeight: vh } = document.documentElement;
    const m = 8;
    const under = new Map<Element, boolean>();
    observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) under.set(e.target, e.isIntersecting);
        // Never while it has the keyboard's focus: a hidden button would drop it.
        fab.classList.toggle(
          'support-fab--away',
          fab !== document.activeElement && [...under.values()].some(Boolean),
        );
      },
      // The root is the button's own box (and a margin), cut out of the viewport.
      {
        rootMargin: `${m - r.top}px ${m - (vw - r.right)}px ${m - (vh - r.bottom)}px ${m - r.left}px`,
      },
    );
    for (const el of document.querySelectorAll(guarded)) observer.observe(el);
  };
  rewatch = watch;
  watch();
  let pending = 0;
  const later = () => {
    clearTimeout(pending);
    pending = window.setTimeout(watch, 150);
  };
  addEventListener('resize', later);
  // Its first report is the size watch() has just measured.
  let seen = false;
  if (fab)
    new ResizeObserver(() => {
      if (seen) later();
      seen = true;
    }).observe(fab);
}
