import { cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { $breakpoint, $orientation, bindViewport, breakpointFor, debounce, type ViewportTarget } from './system.ts';

/** A window-like viewport that a test can resize; counts its resize listeners. */
class FakeViewport extends EventTarget implements ViewportTarget {
  listeners = 0;
  constructor(public innerWidth: number, public innerHeight: number) {
    super();
  }
  override addEventListener(type: 'resize', listener: () => void) {
    this.listeners++;
    super.addEventListener(type, listener);
  }
  override removeEventListener(type: 'resize', listener: () => void) {
    this.listeners--;
    super.removeEventListener(type, listener);
  }
  resize(width: number, height: number) {
    this.innerWidth = width;
    this.innerHeight = height;
    this.dispatchEvent(new Event('resize'));
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('breakpointFor', () => {
  it.each([
    [200, 320], [320, 320], [767, 320], [768, 768], [1023, 768], [1024, 1024], [1365, 1024],
    [1366, 1366], [1439, 1366], [1440, 1440], [1919, 1440], [1920, 1920], [3840, 1920],
  ])('%s px → %s', (width, bp) => {
    expect(breakpointFor(width)).toBe(bp);
  });
});

describe('$breakpoint and $orientation', () => {
  afterEach(() => {
    cleanStores($breakpoint, $orientation);
    bindViewport(undefined);
  });

  it('read the viewport when first used and listen only while used', () => {
    const viewport = new FakeViewport(800, 1200);
    bindViewport(viewport);
    expect(viewport.listeners).toBe(0);
    keepMount($breakpoint);
    keepMount($orientation);
    expect($breakpoint.get()).toBe(768);
    expect($orientation.get()).toBe('portrait');
    expect(viewport.listeners).toBe(1);
    cleanStores($breakpoint, $orientation);
    expect(viewport.listeners).toBe(0);
  });

  it('recalculate once, 250 ms after a burst of resizes', async () => {
    const viewport = new FakeViewport(1440, 900);
    bindViewport(viewport);
    const seen: number[] = [];
    $breakpoint.listen((bp) => seen.push(bp));
    keepMount($orientation);
    viewport.resize(375, 800);
    viewport.resize(1024, 700);
    viewport.resize(390, 844);
    await wait(150);
    expect($breakpoint.get()).toBe(1440);
    await wait(150);
    expect($breakpoint.get()).toBe(320);
    expect($orientation.get()).toBe('portrait');
    expect(seen).toEqual([320]);
  });
});

describe('debounce', () => {
  it('runs the last call only, and cancel stops it', async () => {
    const calls: number[] = [];
    const f = debounce((n: number) => calls.push(n), 30);
    f(1);
    f(2);
    await wait(50);
    f(3);
    f.cancel();
    await wait(50);
    expect(calls).toEqual([2]);
  });
});
