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
  /**
   * Whether the number is a member's whose surname (Latin, upper case, as on the card) is
   * `surname`: only the member knows both, so this is the proof of ownership. An unknown number
   * and a wrong surname are the same false. Throws PartnerUnavailable when the partner cannot say.
   */
  isMember(number: string, surname: string): Promise<boolean>;
}

/** The partner did not answer, or answered what we cannot read: a 503 for the viewer. */
export class PartnerUnavailable extends Error {}

/**
 * The local programme: every well-formed number is a member's but those that start with 0, which
 * stand for a number the programme does not know (the README's test numbers); its member answers
 * to any Latin surname but WRONG, which stands for a surname that is not the member's.
 */
export const localPartner: AeroflotPartner = {
  name: 'local',
  isMember: async (number, surname) => !number.startsWith('0') && surname !== 'WRONG',
};

/**
 * The partner's API: `POST {base}/v1/members/verify` with `{ number, last_name }` in the body (not
 * the URL, which logs keep), 200 for a member of that number and surname, 404 for none.
 */
export function aeroflotApiPartner(base: string, key: string): AeroflotPartner {
  return {
    name: 'aeroflot',
    async isMember(number, surname) {
      let res: Response;
      try {
        res = await fetch(`${base.replace(/\/+$/, '')}/v1/members/verify`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ number, last_name: surname }),
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
 * @example await aeroflotPartner().isMember('12345678', 'IVANOV')
 */
export function aeroflotPartner(): AeroflotPartner {
  const vars = env as unknown as Record<string, unknown>;
  if (!config().isProduction && vars.AEROFLOT_PARTNER !== 'aeroflot') return localPartner;
  return aeroflotApiPartner(
    requireSecret('AEROFLOT_API_URL', vars.AEROFLOT_API_URL),
    requireSecret('AEROFLOT_API_KEY', vars.AEROFLOT_API_KEY),
  );
}
