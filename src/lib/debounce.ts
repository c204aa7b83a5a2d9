import { DEFAULT_DEBOUNCE_MS } from '../../functions/shared/constants.ts';

/** A debounced function, with `cancel` to drop a pending call (on unmount, so it never runs late). */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Calls `fn` once, `ms` after the last of a burst of calls, with that last call's arguments.
 * @example
 * const onResize = debounce(() => measure(), 250);
 * window.addEventListener('resize', onResize);
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  /** docs/product.md, «Numbers»: a debounce with no delay of its own waits one second. */
  ms: number = DEFAULT_DEBOUNCE_MS,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
