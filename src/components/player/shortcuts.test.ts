import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts.ts';

const press = (code: string, key: string, more: Partial<KeyboardEvent> = {}) => ({
  code,
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  ...more,
});

describe('the keyboard shortcuts', () => {
  it('go by key position, so the letters work on a Russian layout', () => {
    expect(shortcutFor(press('KeyK', 'л'), false)).toBe('togglePlay');
    expect(shortcutFor(press('KeyJ', 'о'), false)).toBe('back');
    expect(shortcutFor(press('KeyL', 'д'), false)).toBe('forward');
    expect(shortcutFor(press('KeyM', 'ь'), false)).toBe('mute');
    expect(shortcutFor(press('KeyF', 'а'), false)).toBe('fullscreen');
    expect(shortcutFor(press('KeyC', 'с'), false)).toBe('subtitles');
  });

  it('move by arrows, change the volume and close a menu', () => {
    expect(shortcutFor(press('ArrowLeft', 'ArrowLeft'), false)).toBe('back');
    expect(shortcutFor(press('ArrowRight', 'ArrowRight'), false)).toBe('forward');
    expect(shortcutFor(press('ArrowUp', 'ArrowUp'), false)).toBe('volumeUp');
    expect(shortcutFor(press('ArrowDown', 'ArrowDown'), false)).toBe('volumeDown');
    expect(shortcutFor(press('Escape', 'Escape'), false)).toBe('closeMenu');
  });

  it('open the help with ?, whichever key makes it on the layout', () => {
    expect(shortcutFor(press('Slash', '?', { shiftKey: true }), false)).toBe('help');
    // Russian layout: Shift and the slash key type a comma there, Shift+7 types «?».
    expect(shortcutFor(press('Slash', ',', { shiftKey: true }), false)).toBe('help');
    expect(shortcutFor(press('Digit7', '?', { shiftKey: true }), false)).toBe('help');
    expect(shortcutFor(press('Slash', '/'), false)).toBeNull();
  });

  it('leave Space and Enter to the control in focus', () => {
    expect(shortcutFor(press('Space', ' '), false)).toBe('togglePlay');
    expect(shortcutFor(press('Space', ' '), true)).toBeNull();
    expect(shortcutFor(press('Enter', 'Enter'), false)).toBeNull();
    // Other keys still work on a control.
    expect(shortcutFor(press('KeyK', 'k'), true)).toBe('togglePlay');
  });

  it('leave presses with Ctrl, Meta or Alt, and handled ones, to the browser', () => {
    expect(shortcutFor(press('KeyF', 'f', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor(press('KeyL', 'l', { metaKey: true }), false)).toBeNull();
    expect(shortcutFor(press('ArrowLeft', 'ArrowLeft', { altKey: true }), false)).toBeNull();
    expect(shortcutFor(press('Space', ' ', { defaultPrevented: true }), false)).toBeNull();
  });

  it('ignore keys without a shortcut', () => {
    expect(shortcutFor(press('KeyQ', 'q'), false)).toBeNull();
    expect(shortcutFor(press('Tab', 'Tab'), false)).toBeNull();
  });
});
