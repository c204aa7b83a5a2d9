import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';

describe('normalizePhone (E.164, CIS numbers only)', () => {
  it('understands the ways Russians write a number', () => {
    for (const input of [
      '+7 (999) 123-45-67',
      '8 999 123 45 67',
      '89991234567',
      '79991234567',
      '9991234567',
      ' +7.999.123.45.67 ',
    ]) {
      expect(normalizePhone(input), input).toBe('+79991234567');
    }
  });

  it('keeps other CIS numbers with their own length', () => {
    expect(normalizePhone('+375 29 123-45-67')).toBe('+375291234567');
    expect(normalizePhone('+998 90 123 45 67')).toBe('+998901234567');
    expect(normalizePhone('+7 701 123 45 67')).toBe('+77011234567');
  });

  it('refuses numbers outside the CIS, wrong lengths, impossible +7 numbers and junk', () => {
    for (const input of [
      '+44 20 7946 0958',
      '+1 202 555 0101',
      '+7 999 123 45 6',
      '+7 999 123 45 678',
      '+7 099 123 45 67',
      '8 800 abc',
      '',
      '12345',
      '+79991234567; DROP',
    ]) {
      expect(normalizePhone(input), input).toBeNull();
    }
  });
});
