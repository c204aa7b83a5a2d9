import { describe, expect, it } from 'vitest';
import { idParam, paramOf, slug } from './schemas.ts';

describe('paramOf reads a page parameter as the API reads it', () => {
  it('an id is a positive decimal integer up to 2^31, else nothing', () => {
    expect(paramOf(idParam, '42')).toBe(42);
    expect(paramOf(idParam, '007')).toBe(7);
    for (const wrong of ['0', '-1', 'abc', '0x1F', '1e1', ' 7', '', '2147483649', null, undefined])
      expect(paramOf(idParam, wrong), String(wrong)).toBeNull();
  });

  it('a slug is lower-case Latin letters, digits and dashes', () => {
    expect(paramOf(slug, 'why-not-subscribing')).toBe('why-not-subscribing');
    for (const wrong of ['Default', 'a_b', '', 'x'.repeat(65), null])
      expect(paramOf(slug, wrong), String(wrong)).toBeNull();
  });
});
