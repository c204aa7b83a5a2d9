/**
 * The player's keyboard shortcuts (the help dialog lists them, texts.ts `keys`): which key does
 * what, by key position (`code`), so the letters work on a Russian layout too.
 */

export type Shortcut =
  | 'togglePlay'
  | 'back'
  | 'forward'
  | 'volumeUp'
  | 'volumeDown'
  | 'mute'
  | 'fullscreen'
  | 'subtitles'
  | 'closeMenu'
  | 'help';

const BY_CODE = new Map<string, Shortcut>([
  ['Space', 'togglePlay'],
  ['KeyK', 'togglePlay'],
  ['ArrowLeft', 'back'],
  ['KeyJ', 'back'],
  ['ArrowRight', 'forward'],
  ['KeyL', 'forward'],
  ['ArrowUp', 'volumeUp'],
  ['ArrowDown', 'volumeDown'],
  ['KeyM', 'mute'],
  ['KeyF', 'fullscreen'],
  ['KeyC', 'subtitles'],
  ['Escape', 'closeMenu'],
]);

type Key = Pick<
  KeyboardEvent,
  'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented'
>;

/**
 * The shortcut a key press means, or null. A press with Ctrl, Meta or Alt is the browser's, one
 * already handled is not ours, and Space or Enter on a control (`onControl`: a button, link, menu
 * item or the timeline) presses that control.
 * @example shortcutFor({ key: 'л', code: 'KeyL', … }, false) // 'forward'
 */
export function shortcutFor(e: Key, onControl: boolean): Shortcut | null {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (onControl && (e.key === ' ' || e.key === 'Enter')) return null;
  if (e.key === '?' || (e.code === 'Slash' && e.shiftKey)) return 'help';
  return BY_CODE.get(e.code) ?? null;
}
