/**
 * A press of «Смотреть» has the line and the main thread first: work the viewer did not ask for
 * (Swiper taking a carousel over, 24 KB) waits until the video's first frame plays, or a few
 * seconds, instead of sharing the bandwidth with the player's code and its first segments.
 */

/** The longest the other work waits for a start that never comes (a refusal, a stalled line). */
const SETTLE_MS = 5000;

let starting: Promise<void> | undefined;

/**
 * Marks a start of playback in `slot` (the player's place): it ends at the first `playing` event
 * inside the slot, or after SETTLE_MS.
 * @example playbackStarting(slot); // on the press of «Смотреть»
 */
export function playbackStarting(slot: HTMLElement): void {
  starting = new Promise((resolve) => {
    const done = () => {
      slot.removeEventListener('playing', done, true);
      clearTimeout(timer);
      resolve();
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
