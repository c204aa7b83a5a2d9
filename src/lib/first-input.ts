/**
 * The viewer's first input on the page: a pointer move or press, a touch, the wheel, a scroll of
 * the page, a key, or focus moving (a screen reader in browse mode keeps keys from the page but moves focus).
 * Work a viewer only needs once they act (the player's code, shelves beyond the screen, the search
 * box) waits for it, so a page nobody has touched spends its load on what it shows.
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
let listening = false;
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
 * Watches for the first input from now, so that a module loaded later (the home page's later
 * shelves) still learns of one that came before it.
 * @example watchFirstInput(); void import('./later-shelves.ts');
 */
export function watchFirstInput(): void {
  if (engaged || listening) return;
  listening = true;
  for (const name of INPUTS) addEventListener(name, engage, { capture: true, passive: true });
}

/**
 * Runs `run` on the viewer's first input, or now if there has been one.
 * @example onFirstInput(() => ahead.observe(shelf))
 */
export function onFirstInput(run: () => void): void {
  if (engaged) {
    run();
    return;
  }
  watchFirstInput();
  waiting.push(run);
}
