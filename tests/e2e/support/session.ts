import type { BrowserContext } from '@playwright/test';
import { sign } from 'hono/jwt';

/** The development signing key of wrangler.toml's [vars]; the e2e server runs with it. */
const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me';

/** Gives the browser a session token as sign-in will issue it (payload with a hash, docs/product.md, «What we check»). */
export async function signIn(
  context: BrowserContext,
  baseURL: string,
  claims: Record<string, unknown> = {},
) {
  const token = await sign(
    {
      hash: 'e2e',
      acc: 1,
      sub: 1,
      bil: 1,
      kid: false,
      exp: Math.floor(Date.now() / 1000) + 3600,
      ...claims,
    },
    DEV_JWT_SECRET,
  );
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
}
