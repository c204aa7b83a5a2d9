/** The keyboard shortcuts, on the player or on the page's body (shortcuts.ts says which). */
import { type RefObject, useEffect, useRef } from 'react';
import { type Shortcut, shortcutFor } from '../shortcuts.ts';

interface Keyboard {
  root: RefObject<HTMLElement | null>;
  /** No media yet, or a dialog is open: its own keys only. */
  off: boolean;
  /** A key did something: the controls show. */
  wake(): void;
  run: Record<Shortcut, () => void>;
}

export function useKeyboard(keyboard: Keyboard) {
  // The latest handlers, with one document listener for the player's life.
  const latest = useRef(keyboard);
  latest.current = keyboard;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      const { root, off, wake, run } = latest.current;
      if (!root.current || off) return;
      const el = e.target as HTMLElement;
      if (!root.current.contains(el) && el !== document.body) return;
      if (el.closest('input, textarea, select, [contenteditable]')) return;
      const onControl = !!el.closest('button, a, [role=menuitemradio], [role=slider]');
      const shortcut = shortcutFor(e, onControl);
      if (!shortcut) return;
      e.preventDefault();
      wake();
      run[shortcut]();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
