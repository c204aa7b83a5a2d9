/**
 * System info stores (spec sections 3 and 4): the breakpoint and the orientation, recalculated on
 * resize debounced 250 ms. Listeners are attached only while some island uses a store (onMount).
 */
import { atom, onMount } from 'nanostores';
import { BREAKPOINTS, DELAY_MS, type Breakpoint } from '../../functions/lib/constants.ts';

export type Orientation = 'portrait' | 'landscape';

/** The largest spec breakpoint not wider than the viewport; 320 below 320. */
export function breakpointFor(width: number): Breakpoint {
  return BREAKPOINTS.find((bp) => width >= bp) ?? 320;
}

export function orientationFor(width: number, height: number): Orientation {
  return width > height ? 'landscape' : 'portrait';
}

/**
 * Calls `fn` once `ms` after the last of a burst of calls.
 * @example const onResize = debounce(update, 250)
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

/** What the stores need of `window`; tests pass their own. */
export interface ViewportTarget {
  innerWidth: number;
  innerHeight: number;
  addEventListener(type: 'resize', listener: () => void): void;
  removeEventListener(type: 'resize', listener: () => void): void;
}

export const $breakpoint = atom<Breakpoint>(1920);
export const $orientation = atom<Orientation>('landscape');

let viewport: ViewportTarget | undefined = typeof window === 'undefined' ? undefined : window;

/** Reads the viewport into both stores now. */
export function updateViewport(target: ViewportTarget | undefined = viewport) {
  if (!target) return;
  $breakpoint.set(breakpointFor(target.innerWidth));
  $orientation.set(orientationFor(target.innerWidth, target.innerHeight));
}

/** Points the stores at another viewport (tests); returns the previous one. */
export function bindViewport(target: ViewportTarget | undefined): ViewportTarget | undefined {
  const previous = viewport;
  viewport = target;
  return previous;
}

let listeners = 0;
let onResize: ReturnType<typeof debounce> | undefined;

function track() {
  if (listeners++ > 0 || !viewport) return;
  const target = viewport;
  updateViewport(target);
  onResize = debounce(() => updateViewport(target), DELAY_MS.resizeDebounce);
  target.addEventListener('resize', onResize);
  return;
}

function untrack() {
  if (--listeners > 0 || !viewport || !onResize) return;
  onResize.cancel();
  viewport.removeEventListener('resize', onResize);
  onResize = undefined;
}

for (const store of [$breakpoint, $orientation]) {
  onMount(store, () => {
    track();
    return untrack;
  });
}
