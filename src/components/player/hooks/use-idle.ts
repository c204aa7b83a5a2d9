/**
 * The controls hide while the picture plays untouched: after IDLE_MS without the pointer moving,
 * never while paused, while focus is in the controls or while a menu is open.
 */
import { useEffect, useRef, useState } from 'react';

/** How long the pointer rests before the controls hide. */
const IDLE_MS = 3000;

/**
 * Whether the controls hide now.
 * @example isIdle({ paused: false, active: false, focusIn: false, menuOpen: false }) // true
 */
export const isIdle = (o: {
  paused: boolean;
  /** The pointer moved or a key was pressed within IDLE_MS. */
  active: boolean;
  focusIn: boolean;
  menuOpen: boolean;
}): boolean => !o.paused && !o.active && !o.focusIn && !o.menuOpen;

/** `playing`: the picture is playing now (the count to hiding runs only then). */
export function useIdle(playing: boolean) {
  const [active, setActive] = useState(true);
  const [focusIn, setFocusIn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // While the controls show, one timer runs to the latest wake's deadline: a pointer moving sends
  // dozens of events a second, and each would otherwise set state and render the player
  // (docs/decisions.md, «The player renders when what it shows changes»).
  const shown = useRef(true);
  const until = useRef(0);
  const arm = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const left = until.current - Date.now();
      if (left > 0) return arm(left);
      shown.current = false;
      setActive(false);
    }, ms);
  };
  /** The pointer moved or a key was pressed: the controls show for IDLE_MS more. */
  const wake = () => {
    until.current = Date.now() + IDLE_MS;
    if (shown.current) return;
    shown.current = true;
    setActive(true);
    arm(IDLE_MS);
  };
  // The count starts each time the picture starts playing, touched or not: a play begun without a
  // touch (?play=1, a key) hides its controls too, and stops drawing them; a slow start does not
  // spend the count before the first frame. A pause stops it (the controls show while paused).
  // biome-ignore lint/correctness/useExhaustiveDependencies: as play starts or stops; wake and arm read only refs
  useEffect(() => {
    if (!playing) return;
    wake();
    arm(IDLE_MS);
    return () => clearTimeout(timer.current);
  }, [playing]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { active, focusIn, setFocusIn, wake };
}
