import { describe, expect, it } from 'vitest';
import { deviceOf } from '../lib/device.ts';
import {
  BREAKPOINTS,
  COMPLETED_PROGRESS_PERCENT,
  COOKIE_POLL_INTERVAL_MS,
  DEFAULT_CURRENT_KEY,
  DEFAULT_DEBOUNCE_MS,
  DOUBLED_VIEW_THRESHOLD_MS,
  EVENT_MANAGER_API_VERSION,
  LIKES_PATH,
  LOADER_DELAY_MS,
  MEDIA_PRODUCT_ID,
  PARTNER_SLUG,
  RESIZE_DEBOUNCE_MS,
  STUDIO_ID,
  USER_AGENT_MAX_LENGTH,
} from './constants.ts';

describe('section 9 business constants', () => {
  it('has the timings, breakpoints and business values of the spec', () => {
    expect(BREAKPOINTS).toEqual([320, 768, 1024, 1366, 1440, 1920]);
    expect(RESIZE_DEBOUNCE_MS).toBe(250);
    expect(DEFAULT_DEBOUNCE_MS).toBe(1000);
    expect(LOADER_DELAY_MS).toBe(200);
    expect(COOKIE_POLL_INTERVAL_MS).toBe(300);
    expect(DOUBLED_VIEW_THRESHOLD_MS).toBe(10_000);
    expect(COMPLETED_PROGRESS_PERCENT).toBe(95);
    expect(MEDIA_PRODUCT_ID).toBe(4);
    expect(STUDIO_ID).toBe(2);
    expect(PARTNER_SLUG).toBe('hbo-max');
    expect(DEFAULT_CURRENT_KEY).toBe('current');
    expect(EVENT_MANAGER_API_VERSION).toBe(8);
    expect(LIKES_PATH).toBe('/likes/');
  });

  it('cuts the user agent at the 500 characters it exports', () => {
    expect(USER_AGENT_MAX_LENGTH).toBe(500);
    // The parser sees only the first 500 characters: a device named after the cut is not found.
    const ua = `${'x'.repeat(USER_AGENT_MAX_LENGTH)} (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari`;
    expect(deviceOf(ua).type).toBe('other');
    expect(deviceOf(ua.slice(USER_AGENT_MAX_LENGTH + 1)).type).toBe('mobile');
  });
});
