import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { requireLiveSession } from '../domains/auth/index.ts';
import {
  checkFlow,
  isSocialErrorReason,
  isSocialProvider,
  type SocialProvider,
  socialError,
  startFlow,
  unbindSocial,
} from '../domains/social/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { safeBackPath } from '../shared/back-path.ts';

/** The optional body of bind and unbind: where to come back to (JSON or a settings form). */
export const socialBody = z.object({ backPath: z.string().max(2000).optional() });

function providerOf(c: Context<AppEnv>): SocialProvider {
  const provider = c.req.param('provider') ?? '';
  if (!isSocialProvider(provider)) throw socialError('unknown_provider');
  return provider;
}

const isForm = (c: Context<AppEnv>) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(
    c.req.header('content-type') ?? '',
  );

async function bodyOf(c: Context<AppEnv>): Promise<z.infer<typeof socialBody>> {
  let raw: unknown = {};
  if (isForm(c))
    raw = Object.fromEntries([...(await c.req.formData())].map(([k, v]) => [k, String(v)]));
  else if ((c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding'))
    raw = await c.req.json().catch(() => null);
  const parsed = socialBody.safeParse(raw ?? {});
  if (!parsed.success)
    throw new ApiError(422, parsed.error.issues[0]?.message ?? 'Неверные данные', 'validation');
  return parsed.data;
}

/** A settings form gets a redirect back with the outcome; a script gets JSON. */
function formOutcome(
  c: Context<AppEnv>,
  backPath: string,
  params: Record<string, string>,
): Response {
  const url = new URL(backPath, 'https://site.invalid');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return c.redirect(url.pathname + url.search, 303);
}

/**
 * Social sign-in under /auth/socials (spec section 7): `{provider}/sign-in`, `/check`, `/bind`,
 * `/unbind` for vk, ok, ya, gp, fb; OAuth 2 authorization code with state and PKCE (flow.ts).
 */
export const socialRoutes = new Hono<AppEnv>()
  // A link from the sign-in screen: straight to the provider, or back with the error popup.
  .get('/:provider/sign-in', async (c) => {
    const provider = providerOf(c);
    const backPath = safeBackPath(c.req.query('backPath')) ?? '/';
    try {
      return c.redirect(await startFlow(c, provider, { purpose: 'sign_in', backPath }), 302);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const reason = isSocialErrorReason(error.reason) ? error.reason : 'rate_limited';
      const back = backPath === '/' ? '' : `&backPath=${encodeURIComponent(backPath)}`;
      return c.redirect(`/auth?socialError=${reason}&social=${provider}${back}`, 302);
    }
  })

  .get('/:provider/check', (c) => checkFlow(c, providerOf(c)))

  // Signed in: the same flow, ending in a link to this account instead of a sign-in.
  .post('/:provider/bind', async (c) => {
    const provider = providerOf(c);
    const { backPath: asked } = await bodyOf(c);
    const live = await requireLiveSession(c);
    const backPath = safeBackPath(asked) ?? '/settings/account';
    try {
      const url = await startFlow(c, provider, { purpose: 'bind', backPath, live });
      return isForm(c) ? c.redirect(url, 303) : c.json({ authorizeUrl: url });
    } catch (error) {
      if (!(error instanceof ApiError) || !isForm(c)) throw error;
      return formOutcome(c, backPath, {
        socialError: isSocialErrorReason(error.reason) ? error.reason : 'rate_limited',
        social: provider,
      });
    }
  })

  // Not when it is the account's only way to sign in (no password, no phone, no other provider).
  .post('/:provider/unbind', async (c) => {
    const provider = providerOf(c);
    const { backPath: asked } = await bodyOf(c);
    const live = await requireLiveSession(c);
    let socials: Awaited<ReturnType<typeof unbindSocial>>;
    try {
      socials = await unbindSocial(live.accountId, provider);
    } catch (error) {
      if (!(error instanceof ApiError) || !isForm(c)) throw error;
      const backPath = safeBackPath(asked) ?? '/settings/account';
      return formOutcome(c, backPath, { socialError: error.reason, social: provider });
    }
    if (isForm(c))
      return formOutcome(c, safeBackPath(asked) ?? '/settings/account', { unbound: provider });
    return c.json({ status: 'unbound', socials });
  });
