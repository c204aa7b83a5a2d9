/**
 * While the video plays, the player is the page: the site header steps aside. This marks the root
 * element, and the header's CSS (Header.astro) does the rest: `data-playing` while the video plays,
 * `data-player-open` from its first play to its end (a phone keeps the header aside while paused),
 * `data-header-peek` while the viewer reaches for the header (the mouse moving up to the top of the
 * window, or a scroll up). Keyboard focus in the header brings it back by CSS alone.
 */

/** How far the page must scroll up before the header comes back, in px (a finger's jitter is less). */
const SCROLL_UP = 8;

/**
 * Follows the video in `slot` until the returned function is called.
 * @example const leave = playerAsPage(slot); // on unmount: leave()
 */
export function playerAsPage(slot: HTMLElement): () => void {
  const root = document.documentElement;
  const header = document.querySelector<HTMLElement>('.site-header');
  const peek = (on: boolean) => root.toggleAttribute('data-header-peek', on);
  const onMedia = (e: Event) => {
    const v = e.target;
    if (!(v instanceof HTMLVideoElement)) return;
    root.toggleAttribute('data-playing', !v.paused && !v.ended);
    // A phone's player is short: a paused one stays the page too, not half under the header.
    if (e.type === 'play') root.setAttribute('data-player-open', '');
    if (e.type === 'ended' || e.type === 'emptied') root.removeAttribute('data-player-open');
    // Pressing play again makes the player the page again, wherever the header was left.
    if (e.type === 'play') peek(false);
  };
  // Media events do not bubble: caught on their way down.
  const media = ['play', 'playing', 'pause', 'ended', 'emptied'];
  for (const type of media) slot.addEventListener(type, onMedia, true);

  // The pointer moving up into the header's band (a first move has no direction: Chromium sends
  // one at 0,0 on its own), and away below it.
  let lastY: number | undefined;
  const onPointer = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    const band = header?.offsetHeight ?? 0;
    if (lastY !== undefined && e.clientY < lastY && e.clientY <= band) peek(true);
    else if (e.clientY > band) peek(false);
    lastY = e.clientY;
  };
  let lastScroll = scrollY;
  const onScroll = () => {
    if (scrollY < lastScroll - SCROLL_UP) peek(true);
    else if (scrollY > lastScroll) peek(false);
    else return;
    lastScroll = scrollY;
  };
  document.addEventListener('pointermove', onPointer, { passive: true });
  addEventListener('scroll', onScroll, { passive: true });
  return () => {
    for (const type of media) slot.removeEventListener(type, onMedia, true);
    document.removeEventListener('pointermove', onPointer);
    removeEventListener('scroll', onScroll);
    root.removeAttribute('data-playing');
    root.removeAttribute('data-player-open');
    root.removeAttribute('data-header-peek');
  };
}
