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

export function useIdle() {
  const [active, setActive] = useState(true);
  const [focusIn, setFocusIn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The pointer moved or a key was pressed: the controls show for IDLE_MS more. */
  const wake = () => {
    setActive(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setActive(false), IDLE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return { active, focusIn, setFocusIn, wake };
}
