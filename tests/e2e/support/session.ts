import type { BrowserContext } from '@playwright/test';
import { sign } from 'hono/jwt';

/** The development signing key of wrangler.toml's [vars]; the e2e server runs with it. */
const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me';

/**
 * Ids no seeded or signed-up account takes (the demo accounts and sign-ups count from 1), so the
 * token's viewer has no history, favourites or rights of its own.
 */
const NOBODY = 900_001;

/** Gives the browser a session token as sign-in will issue it (payload with a hash, docs/product.md, «What we check»). */
export async function signIn(
  context: BrowserContext,
  baseURL: string,
  claims: Record<string, unknown> = {},
) {
  const token = await sign(
    {
      hash: 'e2e',
      acc: NOBODY,
      sub: NOBODY,
      bil: NOBODY,
      kid: false,
      exp: Math.floor(Date.now() / 1000) + 3600,
      ...claims,
    },
    DEV_JWT_SECRET,
  );
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
}
