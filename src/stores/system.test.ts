import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  $breakpoint,
  $orientation,
  $viewport,
  breakpointFor,
  orientationFor,
  setViewport,
  type ViewportTarget,
} from './system.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The part of a browser window the store uses: a size, and resize events. */
class FakeWindow implements ViewportTarget {
  readonly events = new EventTarget();
  resizeListeners = 0;

  constructor(
    public innerWidth: number,
    public innerHeight: number,
  ) {}

  addEventListener(type: 'resize', listener: () => void) {
    this.resizeListeners++;
    this.events.addEventListener(type, listener);
  }

  removeEventListener(type: 'resize', listener: () => void) {
    this.resizeListeners--;
    this.events.removeEventListener(type, listener);
  }

  resizeTo(width: number, height: number) {
    this.innerWidth = width;
    this.innerHeight = height;
    this.events.dispatchEvent(new Event('resize'));
  }
}

describe('breakpointFor', () => {
  it.each([
    [0, 320],
    [319, 320],
    [320, 320],
    [767, 320],
    [768, 768],
    [1023, 768],
    [1024, 1024],
    [1365, 1024],
    [1366, 1366],
    [1439, 1366],
    [1440, 1440],
    [1919, 1440],
    [1920, 1920],
    [3840, 1920],
  ])('a %i px wide viewport is at breakpoint %i', (width, breakpoint) => {
    expect(breakpointFor(width)).toBe(breakpoint);
  });
});

describe('orientationFor', () => {
  it('is portrait when the viewport is at least as tall as it is wide, like CSS', () => {
    expect(orientationFor({ width: 390, height: 844 })).toBe('portrait');
    expect(orientationFor({ width: 500, height: 500 })).toBe('portrait');
    expect(orientationFor({ width: 844, height: 390 })).toBe('landscape');
  });
});

describe('$breakpoint and $orientation', () => {
  let win: FakeWindow;

  beforeEach(() => {
    setViewport(320, 568);
    win = new FakeWindow(1440, 900);
    Reflect.set(globalThis, 'window', win);
  });

  afterEach(() => {
    cleanStores($breakpoint, $orientation, $viewport);
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('do not listen to the window until a component uses them', () => {
    expect(win.resizeListeners).toBe(0);
    const stopBreakpoint = $breakpoint.listen(() => {});
    const stopOrientation = $orientation.listen(() => {});
    expect(win.resizeListeners).toBe(1);
    stopBreakpoint();
    stopOrientation();
  });

  it('read the window size as soon as they are used', () => {
    $breakpoint.listen(() => {});
    $orientation.listen(() => {});
    expect($breakpoint.get()).toBe(1440);
    expect($orientation.get()).toBe('landscape');
  });

  it('recalculate once, 250 ms after a burst of resizes', async () => {
    const breakpoints: number[] = [];
    const orientations: string[] = [];
    let viewportChanges = 0;
    $breakpoint.listen((value) => breakpoints.push(value));
    $orientation.listen((value) => orientations.push(value));
    $viewport.listen(() => viewportChanges++);

    win.resizeTo(1024, 768);
    win.resizeTo(800, 1000);
    await sleep(100);
    win.resizeTo(390, 844);
    await sleep(150);
    // 250 ms since the first resize but only 150 ms since the last: nothing recalculated yet.
    expect(viewportChanges).toBe(0);
    expect($breakpoint.get()).toBe(1440);

    await sleep(200);
    expect(viewportChanges).toBe(1);
    expect(breakpoints).toEqual([320]);
    expect(orientations).toEqual(['portrait']);
  });

  it('notify no one when a resize ends at the same size or within one breakpoint', async () => {
    const breakpoints: number[] = [];
    $breakpoint.listen((value) => breakpoints.push(value));

    win.resizeTo(1500, 900);
    await sleep(300);
    expect($viewport.get()).toEqual({ width: 1500, height: 900 });
    expect(breakpoints).toEqual([]);

    let viewportChanges = 0;
    $viewport.listen(() => viewportChanges++);
    win.resizeTo(1500, 900);
    await sleep(300);
    expect(viewportChanges).toBe(0);
  });

  it('stop listening and drop a pending recalculation when no component uses them', async () => {
    $breakpoint.listen(() => {});
    expect(win.resizeListeners).toBe(1);

    win.resizeTo(390, 844);
    cleanStores($breakpoint, $orientation, $viewport);
    expect(win.resizeListeners).toBe(0);

    await sleep(300);
    expect($viewport.value).toEqual({ width: 1440, height: 900 });
  });

  it('stay at their mobile-first defaults where there is no window (the server)', () => {
    Reflect.deleteProperty(globalThis, 'window');
    $breakpoint.listen(() => {});
    expect($breakpoint.get()).toBe(320);
    expect($orientation.get()).toBe('portrait');
  });
});
