import { describe, expect, it } from 'vitest';
import { isIdle } from './use-idle.ts';

const untouched = { paused: false, active: false, focusIn: false, menuOpen: false };

describe('the controls hiding', () => {
  it('hide while the picture plays untouched', () => {
    expect(isIdle(untouched)).toBe(true);
  });

  it('stay while paused, after the pointer moved, with focus in them or a menu open', () => {
    expect(isIdle({ ...untouched, paused: true })).toBe(false);
    expect(isIdle({ ...untouched, active: true })).toBe(false);
    expect(isIdle({ ...untouched, focusIn: true })).toBe(false);
    expect(isIdle({ ...untouched, menuOpen: true })).toBe(false);
  });
});
