import { atom, computed, onMount } from 'nanostores';
import {
  BREAKPOINTS,
  type Breakpoint,
  RESIZE_DEBOUNCE_MS,
} from '../../functions/shared/constants.ts';
import { debounce } from '../lib/debounce.ts';

/** System info of spec section 3: layout breakpoint and screen orientation. */
export type Orientation = 'portrait' | 'landscape';

export interface Viewport {
  width: number;
  height: number;
}

/** What the store needs of `window`; tests pass an EventTarget with these fields. */
export interface ViewportTarget {
  readonly innerWidth: number;
  readonly innerHeight: number;
  addEventListener(type: 'resize', listener: () => void): void;
  removeEventListener(type: 'resize', listener: () => void): void;
}

/**
 * The largest breakpoint not above the width; 320 for anything narrower.
 * @example breakpointFor(1400) // 1366
 * @example breakpointFor(280) // 320
 */
export function breakpointFor(width: number): Breakpoint {
  for (let i = BREAKPOINTS.length - 1; i > 0; i--) {
    if (width >= BREAKPOINTS[i]) return BREAKPOINTS[i];
  }
  return BREAKPOINTS[0];
}

/**
 * Portrait when the viewport is at least as tall as it is wide, the rule of the CSS
 * `orientation` media feature, so scripts and stylesheets never disagree.
 * @example orientationFor({ width: 390, height: 844 }) // 'portrait'
 */
export function orientationFor({ width, height }: Viewport): Orientation {
  return height >= width ? 'portrait' : 'landscape';
}

/**
 * Viewport size. Until a component mounts a store (and always on the server, where these module
 * stores are shared by every request of the isolate) it holds a small portrait phone: mobile first,
 * like the stylesheets.
 */
export const $viewport = atom<Viewport>({ width: 320, height: 568 });
// Same size, same viewport: a resize that ends where it began notifies no one.
$viewport.eq = (before, after) => before?.width === after.width && before?.height === after.height;

/** Current layout breakpoint, px. Changes only when the width crosses a breakpoint. */
export const $breakpoint = computed($viewport, (viewport) => breakpointFor(viewport.width));

/** Current screen orientation. */
export const $orientation = computed($viewport, orientationFor);

/**
 * Records a new viewport size.
 * @example setViewport(1440, 900)
 */
export function setViewport(width: number, height: number): void {
  $viewport.set({ width, height });
}

/**
 * Reads the target's size now and again 250 ms after each burst of resizes (spec section 4).
 * Returns the function that stops listening and drops a pending read.
 * @example const unbind = bindViewport(window);
 */
export function bindViewport(target: ViewportTarget): () => void {
  const read = () => setViewport(target.innerWidth, target.innerHeight);
  const onResize = debounce(read, RESIZE_DEBOUNCE_MS);
  read();
  target.addEventListener('resize', onResize);
  return () => {
    target.removeEventListener('resize', onResize);
    onResize.cancel();
  };
}

// Listen only while some component uses a store: a page that never reads them pays nothing.
onMount($viewport, () => (typeof window === 'undefined' ? undefined : bindViewport(window)));
