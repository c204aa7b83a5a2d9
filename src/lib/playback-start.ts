/**
 * A press of «Смотреть» has the line and the main thread to itself: other work the page would
 * start meanwhile (Swiper taking over a carousel the pointer passed over on its way, 24 KB) waits
 * until the video's first frame plays (or a few seconds), and then for the viewer to act again:
 * someone watching does not page the carousels under the player, and their bandwidth belongs to
 * the video.
 */

/** The longest the other work waits for a start that never comes (a refusal, a stalled line). */
const SETTLE_MS = 5000;

/** What counts as the viewer acting again; not a scroll, as the player scrolls itself into view. */
const INPUTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'keydown'] as const;

let starting: Promise<void> | undefined;

const nextInput = () =>
  new Promise<void>((resolve) => {
    const on = () => {
      for (const name of INPUTS) removeEventListener(name, on, true);
      resolve();
    };
    for (const name of INPUTS) addEventListener(name, on, { capture: true, passive: true });
  });

/**
 * Marks a start of playback in `slot` (the player's place): it ends at the viewer's first input
 * after the first `playing` event inside the slot (or after SETTLE_MS).
 * @example playbackStarting(slot); // on the press of «Смотреть»
 */
export function playbackStarting(slot: HTMLElement): void {
  starting = new Promise((resolve) => {
    const done = () => {
      slot.removeEventListener('playing', done, true);
      clearTimeout(timer);
      void nextInput().then(resolve);
    };
    // Media events do not bubble: caught on their way down.
    slot.addEventListener('playing', done, true);
    const timer = setTimeout(done, SETTLE_MS);
  });
}

/**
 * Resolves once no start of playback is under way (at once when none was pressed).
 * @example await afterPlaybackStart(); void import('./carousel-swiper.ts');
 */
export const afterPlaybackStart = (): Promise<void> => starting ?? Promise.resolve();
