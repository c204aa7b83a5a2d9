/**
 * The code a viewer types (RFC 8628 6.1): 8 letters of 20 consonants — no digits, no vowels (no
 * words, no 0/O or 1/I), case-insensitive — about 34.6 bits, shown as XXXX-XXXX.
 */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const USER_CODE_LENGTH = 8;

/** Cyrillic letters that look like Latin ones of the alphabet (a Russian keyboard layout types them). */
const LOOKALIKES: Record<string, string> = {
  В: 'B',
  С: 'C',
  Н: 'H',
  К: 'K',
  М: 'M',
  Р: 'P',
  Т: 'T',
  Х: 'X',
};

/**
 * A fresh user code, uniform over the alphabet (rejection sampling).
 * @example newUserCode() // 'KHTZ-MPDB'
 */
export function newUserCode(): string {
  const limit = 256 - (256 % USER_CODE_ALPHABET.length);
  let code = '';
  while (code.length < USER_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < limit && code.length < USER_CODE_LENGTH)
        code += USER_CODE_ALPHABET[byte % USER_CODE_ALPHABET.length];
    }
  }
  return formatUserCode(code);
}

export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * What was typed, as the 8 letters, or null when it cannot be a code: case, spaces, dashes and
 * Cyrillic look-alikes do not matter.
 * @example normalizeUserCode(' khtz mpdb ') // 'KHTZMPDB'
 */
export function normalizeUserCode(input: string): string | null {
  const letters = [...input.toUpperCase()]
    .map((ch) => LOOKALIKES[ch] ?? ch)
    .join('')
    .replace(/[\s-]/g, '');
  return new RegExp(`^[${USER_CODE_ALPHABET}]{${USER_CODE_LENGTH}}$`).test(letters)
    ? letters
    : null;
}
