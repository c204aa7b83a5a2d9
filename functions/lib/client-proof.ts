import { hmac, timingSafeEqual } from './crypto.ts';

/**
 * Edge proxy mode (README, «Edge proxy mode»): the headers in which an edge tells its upstream
 * where the viewer is, and the proof that an edge holding UPSTREAM_SECRET wrote them.
 */
export const CLIENT_IP_HEADER = 'x-client-ip';
export const CLIENT_COUNTRY_HEADER = 'x-client-country';
export const CLIENT_PROOF_HEADER = 'x-client-proof';

/** How far a proof's time may be from the upstream's clock: the edge's clock may drift a little. */
const WINDOW_SECONDS = 300;

/** What the proof signs: a copy seen in a log names one address and country for five minutes. */
const signed = (at: number, ip: string, country: string) => `client-geo\n${at}\n${ip}\n${country}`;

/** An address as workerd reports CF-Connecting-IP (IPv4 or IPv6); anything else is not trusted. */
const IP = /^[0-9A-Fa-f:.]{2,45}$/;
const COUNTRY = /^[A-Z0-9]{2}$/;

export interface ProvenClient {
  /** Empty when the edge sent none (a shared CMS read carries no address). */
  ip: string;
  country: string;
}

/**
 * The proof header's value for a viewer's address and country: `<unix seconds>.<HMAC-SHA-256>`.
 * @example await clientProof(config().upstreamSecret, '203.0.113.7', 'KZ') // '1795000000.Xk…'
 */
export async function clientProof(
  secret: string,
  ip: string,
  country: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `${now}.${await hmac(secret, signed(now, ip, country))}`;
}

/**
 * The viewer's address and country an edge sent, when its proof matches this Worker's secret and
 * is fresh; null otherwise (no secret here, no proof, a wrong or stale one, a value out of shape),
 * and the caller keeps the connection's own address and country.
 * @example await provenClient(request.headers, config().upstreamSecret) // { ip: '203.0.113.7', country: 'KZ' }
 */
export async function provenClient(
  headers: Headers,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<ProvenClient | null> {
  const proof = headers.get(CLIENT_PROOF_HEADER);
  if (!secret || !proof) return null;
  const ip = headers.get(CLIENT_IP_HEADER) ?? '';
  const country = headers.get(CLIENT_COUNTRY_HEADER) ?? '';
  if ((ip && !IP.test(ip)) || !COUNTRY.test(country)) return null;
  const [atText = '', mac = ''] = proof.split('.', 2);
  const at = Number(atText);
  if (!/^\d{1,12}$/.test(atText) || Math.abs(now - at) > WINDOW_SECONDS) return null;
  const expected = await hmac(secret, signed(at, ip, country));
  return timingSafeEqual(mac, expected) ? { ip, country } : null;
}
