/**
 * The viewer's first input on the page: a pointer move or press, a touch, the wheel, a scroll of
 * the page, a key, or focus moving (a screen reader in browse mode keeps keys from the page but moves focus).
 * Work a viewer only needs once they act (Swiper, shelves beyond the screen) waits for it, so a
 * page nobody has touched spends its load on what it shows.
 */
const INPUTS = [
  'pointermove',
  'pointerdown',
  'touchstart',
  'wheel',
  'scroll',
  'keydown',
  'focusin',
] as const;

let engaged = false;
const waiting: (() => void)[] = [];

function engage(e: Event) {
  // A list the page scrolls itself (the TV guide to what is on now) is not the viewer: of
  // scrolls, only the document's counts.
  if (engaged || (e.type === 'scroll' && e.target !== document)) return;
  engaged = true;
  for (const name of INPUTS) removeEventListener(name, engage, true);
  for (const run of waiting.splice(0)) run();
}

/**
 * Runs `run` on the viewer's first input, or now if there has been one.
 * @example onFirstInput(() => void import('./carousel-swiper.ts'))
 */
export function onFirstInput(run: () => void): void {
  if (engaged) {
    run();
    return;
  }
  if (waiting.length === 0)
    for (const name of INPUTS) addEventListener(name, engage, { capture: true, passive: true });
  waiting.push(run);
}
