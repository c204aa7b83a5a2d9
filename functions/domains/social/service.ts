import { d1 } from '../../db/client.ts';
import { ADAPTERS, type SocialProvider } from './providers.ts';
import { linkedProviders, socialsOf, unlinkIfNotLast } from './repo.ts';
import type { Socials } from './schemas.ts';
import { socialError } from './texts.ts';

/**
 * Unlinks a provider from the account, unless it is the account's only way to sign in (no
 * password, no phone, no other provider): then `last_method`; `not_linked` when it was not
 * linked. Answers the account's links after it, as `GET /auth/account/` reports them.
 */
export async function unbindSocial(accountId: number, provider: SocialProvider): Promise<Socials> {
  const db = d1();
  const [deleted, rest] = await db.batch<{ provider: string }>([
    unlinkIfNotLast(db, accountId, provider),
    linkedProviders(db, accountId),
  ]);
  const socials = socialsOf(rest!.results);
  if (deleted!.meta.changes === 0)
    throw socialError(socials[provider] ? 'last_method' : 'not_linked', ADAPTERS[provider].label);
  return socials;
}
