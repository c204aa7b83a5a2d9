/**
 * FNV-1a: a fast 32-bit hash of a string, for seeds, colours and version stamps (not security).
 * @example hash32('abc') // 440920331
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
