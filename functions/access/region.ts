import { provenClient } from '../lib/client-proof.ts';

/** Countries of the CIS group (docs/product.md, «What we keep», System info); any other country is "other". */
export const CIS_COUNTRIES = ['RU', 'BY', 'KZ', 'GE', 'UZ', 'AZ', 'KG'] as const;
export type CisCountry = (typeof CIS_COUNTRIES)[number];
export type RegionGroup = 'cis' | 'other';

export interface Geo {
  /** ISO 3166-1 alpha-2, upper case; 'XX' when unknown. */
  country: string;
  /** The spec's geo value: one of the CIS countries or 'other'. */
  group: CisCountry | 'other';
  regionGroup: RegionGroup;
  ip: string;
  /** Region (oblast, state) name from Cloudflare, empty when unknown. */
  regionName: string;
  city: string;
}

export function isCis(country: string): country is CisCountry {
  return (CIS_COUNTRIES as readonly string[]).includes(country);
}

interface CfLike {
  country?: unknown;
  region?: unknown;
  city?: unknown;
}

/** A location from a country code (junk becomes 'XX') and an address. */
function geoFor(raw: string, ip: string, regionName = '', city = ''): Geo {
  const country = /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : 'XX';
  const cis = isCis(country);
  return {
    country,
    group: cis ? country : 'other',
    regionGroup: cis ? 'cis' : 'other',
    ip,
    regionName,
    city,
  };
}

/**
 * Where the connection comes from as Cloudflare reports it: the `CF-IPCountry` header (set by the
 * edge, not by the client) or `request.cf`, and the IP only from `CF-Connecting-IP`;
 * `fallbackCountry` when neither is there (local development, where `request.cf` is a fixed mock
 * and is not trusted).
 */
function connectionGeo(request: Request, fallbackCountry: string, trustCf: boolean): Geo {
  const cf = trustCf ? (request as Request & { cf?: CfLike }).cf : undefined;
  const header = request.headers.get('cf-ipcountry');
  const raw = header || (typeof cf?.country === 'string' ? cf.country : '') || fallbackCountry;
  // Cloudflare sets CF-Connecting-IP itself; X-Forwarded-For and X-Real-IP are whatever the
  // client wrote, so a visitor could pick the IP its throttles count against.
  const ip = request.headers.get('cf-connecting-ip') || '127.0.0.1';
  return geoFor(
    raw,
    ip,
    typeof cf?.region === 'string' ? cf.region : '',
    typeof cf?.city === 'string' ? cf.city : '',
  );
}

/**
 * The visitor's location, the one source of every IP throttle and region decision. Usually the
 * connection's (`connectionGeo`); when this Worker is the upstream of an edge (README, «Edge proxy
 * mode») and the request carries the viewer's address and country with a proof made with this
 * Worker's UPSTREAM_SECRET, those instead, for the connection is then the edge, shared by every
 * viewer. Without a secret, or with a missing, wrong or stale proof, the headers are ignored.
 * @example (await geoOf(request, { fallbackCountry: 'RU' })).regionGroup // 'cis'
 */
export async function geoOf(
  request: Request,
  { fallbackCountry = 'XX', trustCf = true, upstreamSecret = '' } = {},
): Promise<Geo> {
  const own = connectionGeo(request, fallbackCountry, trustCf);
  const proven = await provenClient(request.headers, upstreamSecret);
  // A shared CMS read names the country only: the address stays the edge's, which it is.
  return proven ? geoFor(proven.country, proven.ip || own.ip) : own;
}
