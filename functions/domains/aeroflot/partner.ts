import { env } from 'cloudflare:workers';
import { config } from '../../lib/config.ts';
import { requireSecret } from '../../lib/unavailable.ts';

/**
 * The Aeroflot Bonus programme as this site sees it: whether a membership number belongs to a
 * member. AEROFLOT_PARTNER picks the adapter: `local` (development and tests: no network) or
 * `aeroflot` (the partner's API at AEROFLOT_API_URL with the secret AEROFLOT_API_KEY); production
 * always uses the partner's.
 */
export interface AeroflotPartner {
  readonly name: 'local' | 'aeroflot';
  /** Whether the number is a member's; throws PartnerUnavailable when the partner cannot say. */
  isMember(number: string): Promise<boolean>;
}

/** The partner did not answer, or answered what we cannot read: a 503 for the viewer. */
export class PartnerUnavailable extends Error {}

/**
 * The local programme: every well-formed number is a member's but those that start with 0, which
 * stand for a number the programme does not know (the README's test numbers).
 */
export const localPartner: AeroflotPartner = {
  name: 'local',
  isMember: async (number) => !number.startsWith('0'),
};

/** The partner's API: `GET {base}/v1/members/{number}`, 200 for a member, 404 for none. */
export function aeroflotApiPartner(base: string, key: string): AeroflotPartner {
  return {
    name: 'aeroflot',
    async isMember(number) {
      let res: Response;
      try {
        res = await fetch(`${base.replace(/\/+$/, '')}/v1/members/${encodeURIComponent(number)}`, {
          headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
          signal: AbortSignal.timeout(5000),
        });
      } catch (e) {
        throw new PartnerUnavailable('aeroflot: no answer', { cause: e });
      }
      if (res.status === 404) return false;
      if (res.ok) return true;
      throw new PartnerUnavailable(`aeroflot: ${res.status}`);
    },
  };
}

/**
 * The configured partner (a missing secret of the real one is the envelope's 503 not_configured).
 * @example await aeroflotPartner().isMember('12345678')
 */
export function aeroflotPartner(): AeroflotPartner {
  const vars = env as unknown as Record<string, unknown>;
  if (!config().isProduction && vars.AEROFLOT_PARTNER !== 'aeroflot') return localPartner;
  return aeroflotApiPartner(
    requireSecret('AEROFLOT_API_URL', vars.AEROFLOT_API_URL),
    requireSecret('AEROFLOT_API_KEY', vars.AEROFLOT_API_KEY),
  );
}
