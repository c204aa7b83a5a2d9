/** Headers that describe the browser and stay stable between its visits. */
const FINGERPRINT_HEADERS = [
  'user-agent',
  'accept-language',
  'sec-ch-ua',
  'sec-ch-ua-platform',
  'sec-ch-ua-mobile',
];

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A new device id (docs/product.md, «Numbers»: fingerprint-based, kept in a cookie): UUID-shaped, its first
 * half a SHA-256 of the browser's stable headers, its second half random so that two identical
 * browsers behind one network still get different ids.
 * @example await deviceIdFor(request) // '3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e'
 */
export async function deviceIdFor(request: Request): Promise<string> {
  const material = FINGERPRINT_HEADERS.map((h) => request.headers.get(h) ?? '').join('\n');
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(material)),
  );
  const random = crypto.getRandomValues(new Uint8Array(8));
  const id = hex(digest.subarray(0, 8)) + hex(random);
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

export function isDeviceId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}
