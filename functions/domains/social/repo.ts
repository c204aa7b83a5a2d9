import { prepare, sql } from '../../db/sql.ts';
import type { SocialProvider } from './providers.ts';
import type { Socials } from './schemas.ts';

/** SQL of social sign-in (tables of migration 0009), on the D1 binding like the accounts repo. */

interface NewState {
  stateHash: string;
  provider: SocialProvider;
  purpose: 'sign_in' | 'bind';
  codeVerifier: string;
  backPath: string;
  accountId: number | null;
  sessionId: string | null;
}

export function insertState(
  db: D1Database,
  s: NewState,
  now: number,
  seconds: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO oauth_states (state_hash, provider, purpose, code_verifier, back_path, account_id, session_id, created_at, expires_at)
       VALUES (${s.stateHash}, ${s.provider}, ${s.purpose}, ${s.codeVerifier}, ${s.backPath}, ${s.accountId}, ${s.sessionId}, ${now}, ${now + seconds})`,
  );
}

/** A state as its single use reads it back: what was stored, and when it runs out. */
export type ConsumedState = Omit<NewState, 'stateHash'> & { expiresAt: number };

/** Spends a state (single use): the row, or null when it is unknown or already spent. */
export function consumeState(db: D1Database, stateHash: string, now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE oauth_states SET consumed_at = ${now} WHERE state_hash = ${stateHash} AND consumed_at IS NULL
       RETURNING provider, purpose, code_verifier AS codeVerifier, back_path AS backPath, account_id AS accountId, session_id AS sessionId, expires_at AS expiresAt`,
  );
}

/** The account a provider identity is linked to. */
export function findLink(
  db: D1Database,
  provider: SocialProvider,
  subject: string,
): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT account_id AS accountId FROM social_links WHERE provider = ${provider} AND subject = ${subject}`,
  );
}

/** Links an identity to an account; `{ email }` names an account created in the same batch. */
export function insertLink(
  db: D1Database,
  account: { id: number } | { email: string },
  provider: SocialProvider,
  subject: string,
  name: string,
  now: number,
): D1PreparedStatement {
  const which = 'id' in account ? sql`id = ${account.id}` : sql`email = ${account.email}`;
  return prepare(
    db,
    sql`INSERT INTO social_links (account_id, provider, subject, display_name, created_at)
       SELECT id, ${provider}, ${subject}, ${name.slice(0, 100)}, ${now} FROM accounts WHERE ${which}`,
  );
}

/** The providers linked to an account (GET /auth/account/ `socials`). */
export function linkedProviders(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT provider, display_name AS name FROM social_links WHERE account_id = ${accountId} ORDER BY provider`,
  );
}

/**
 * Unlinks a provider unless it is the account's only way to sign in: it needs a password, a phone
 * (SMS code) or another linked provider. One statement, so two unbinds at once cannot both pass.
 */
export function unlinkIfNotLast(
  db: D1Database,
  accountId: number,
  provider: SocialProvider,
): D1PreparedStatement {
  return prepare(
    db,
    sql`DELETE FROM social_links WHERE account_id = ${accountId} AND provider = ${provider} AND (
         EXISTS (SELECT 1 FROM accounts WHERE id = ${accountId} AND (password_hash IS NOT NULL OR phone IS NOT NULL))
         OR EXISTS (SELECT 1 FROM social_links WHERE account_id = ${accountId} AND provider != ${provider}))`,
  );
}

/** Spent and old flows and pairings (the daily purge). */
export function purgeSocial(db: D1Database, now: number): D1PreparedStatement[] {
  return [
    prepare(db, sql`DELETE FROM oauth_states WHERE expires_at < ${now - 86_400}`),
    prepare(db, sql`DELETE FROM tv_codes WHERE expires_at < ${now - 86_400}`),
  ];
}

/** `{ fb, vk, ok, ya, gp }` as the account answer reports them. */
export function socialsOf(rows: readonly { provider: string }[]): Socials {
  const linked = new Set(rows.map((r) => r.provider));
  return {
    fb: linked.has('fb'),
    vk: linked.has('vk'),
    ok: linked.has('ok'),
    ya: linked.has('ya'),
    gp: linked.has('gp'),
  };
}
