/**
 * Country codes we send SMS to, with their national number length: the CIS group of the spec
 * (RU and KZ share +7). Anything else is refused, which also keeps SMS pumping to premium-rate
 * ranges abroad out.
 */
const CALLING_CODES: readonly (readonly [code: string, digits: number])[] = [
  ['7', 10], // RU, KZ
  ['375', 9], // BY
  ['995', 9], // GE
  ['998', 9], // UZ
  ['994', 9], // AZ
  ['996', 9], // KG
];

/**
 * A phone number in E.164, or null when it is not a number we serve. Russian habits are
 * understood: 8 or 7 before ten digits, or the ten digits alone; spaces, dashes, dots and
 * brackets are ignored.
 * @example normalizePhone('8 (999) 123-45-67') // '+79991234567'
 * @example normalizePhone('+375 29 123 45 67') // '+375291234567'
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]{7,24}$/.test(trimmed)) return null;
  const plus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (!plus) {
    if (digits.length === 11 && (digits[0] === '8' || digits[0] === '7'))
      digits = `7${digits.slice(1)}`;
    else if (digits.length === 10 && digits[0] === '9') digits = `7${digits}`;
  }
  for (const [code, length] of CALLING_CODES) {
    if (digits.startsWith(code) && digits.length === code.length + length) {
      // Russian mobile and landline numbers never start with 0 or 1 after +7.
      if (code === '7' && /^[01]/.test(digits.slice(1))) return null;
      return `+${digits}`;
    }
  }
  return null;
}
