import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { requireLiveSession } from '../domains/auth/index.ts';
import { assertMaySignIn } from '../domains/parental/index.ts';
import {
  checkFlow,
  isSocialErrorReason,
  isSocialProvider,
  type SocialBody,
  type SocialProvider,
  socialError,
  socialSchemas,
  startFlow,
  unbindSocial,
} from '../domains/social/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { applyCookies } from '../lib/cookies.ts';
import { ApiError } from '../lib/errors.ts';
import { safeBackPath } from '../shared/back-path.ts';
import { COOKIE } from '../shared/cookies.ts';
import { apiDoc, INVALID, LIMITED } from './api-doc.ts';

function providerOf(c: Context<AppEnv>): SocialProvider {
  const provider = c.req.param('provider') ?? '';
  if (!isSocialProvider(provider)) throw socialError('unknown_provider');
  return provider;
}

const isForm = (c: Context<AppEnv>) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(
    c.req.header('content-type') ?? '',
  );

async function bodyOf(c: Context<AppEnv>): Promise<SocialBody> {
  let raw: unknown = {};
  if (isForm(c))
    raw = Object.fromEntries([...(await c.req.formData())].map(([k, v]) => [k, String(v)]));
  else if ((c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding'))
    raw = await c.req.json().catch(() => null);
  const parsed = socialSchemas.socialBody.safeParse(raw ?? {});
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
 * Social sign-in under /auth/socials (docs/product.md, «How the site talks to the API»): `{provider}/sign-in`, `/check`, `/bind`,
 * `/unbind` for vk, ok, ya, gp, fb; OAuth 2 authorization code with state and PKCE (flow.ts).
 */
export const socialRoutes = new Hono<AppEnv>()
  // A link from the sign-in screen: straight to the provider, or back with the error popup.
  .get(
    '/:provider/sign-in',
    apiDoc({
      tag: 'socials',
      summary:
        'Начать вход через соцсеть: state и PKCE сохраняются на сервере (10 минут, один раз), браузер уходит к провайдеру',
      query: socialSchemas.signInQuery,
      answers: {
        302: {
          description:
            'На страницу авторизации провайдера; при ошибке — на /auth?socialError=<reason>&social=<provider>',
        },
      },
      errors: {
        403: 'Детский профиль при включённом родительском контроле (kid_profile)',
        404: 'Неизвестный провайдер (unknown_provider)',
      },
    }),
  )
  .get('/:provider/sign-in', async (c) => {
    const provider = providerOf(c);
    const backPath = safeBackPath(c.req.query('backPath')) ?? '/';
    await assertMaySignIn(c.var.edge);
    try {
      const started = await startFlow(c.var.edge.client, provider, {
        purpose: 'sign_in',
        backPath,
      });
      applyCookies(c, started.cookies);
      return c.redirect(started.answer, 302);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const reason = isSocialErrorReason(error.reason) ? error.reason : 'rate_limited';
      const back = backPath === '/' ? '' : `&backPath=${encodeURIComponent(backPath)}`;
      return c.redirect(`/auth?socialError=${reason}&social=${provider}${back}`, 302);
    }
  })

  .get(
    '/:provider/check',
    apiDoc({
      tag: 'socials',
      summary:
        'Адрес возврата от провайдера: обмен кода (с code_verifier), вход в привязанный аккаунт или создание нового (аккаунт, профиль, привязка, сеанс — одной транзакцией); при привязке — привязка к аккаунту',
      query: socialSchemas.checkQuery,
      answers: {
        302: {
          description:
            'На backPath с cookies сеанса; при ошибке — на /auth (или страницу привязки) с socialError=<reason>: state_invalid, cancelled, provider_error, email_required, email_taken, linked_elsewhere, already_bound, bind_session',
        },
      },
      errors: { 404: 'Неизвестный провайдер (unknown_provider)' },
    }),
  )
  .get('/:provider/check', async (c) => {
    const { client, session, renewal } = c.var.edge;
    const checked = await checkFlow(providerOf(c), {
      query: c.req.query(),
      stateCookie: getCookie(c, COOKIE.socialState),
      client,
      edge: { session, renewal },
    });
    applyCookies(c, checked.cookies);
    return c.redirect(checked.answer, 302);
  })

  // Signed in: the same flow, ending in a link to this account instead of a sign-in.
  .post(
    '/:provider/bind',
    apiDoc({
      tag: 'socials',
      auth: true,
      body: socialSchemas.socialBody,
      summary:
        'Привязать соцсеть к аккаунту: начинает тот же поток, check привязывает вместо входа',
      answers: {
        200: socialSchemas.authorizeUrl,
        303: { description: 'Форма настроек: на страницу провайдера или назад с socialError' },
      },
      errors: {
        404: 'Неизвестный провайдер (unknown_provider)',
        422: INVALID,
        429: LIMITED,
        503: 'Провайдер не настроен (provider_unavailable)',
      },
    }),
  )
  .post('/:provider/bind', async (c) => {
    const provider = providerOf(c);
    const { backPath: asked } = await bodyOf(c);
    const live = await requireLiveSession(c.var.edge);
    const backPath = safeBackPath(asked) ?? '/settings/account';
    try {
      const started = await startFlow(c.var.edge.client, provider, {
        purpose: 'bind',
        backPath,
        live,
      });
      applyCookies(c, started.cookies);
      const url = started.answer;
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
  .post(
    '/:provider/unbind',
    apiDoc({
      tag: 'socials',
      auth: true,
      body: socialSchemas.socialBody,
      summary:
        'Отвязать соцсеть, если это не единственный способ входа (нет пароля, телефона и других соцсетей)',
      answers: {
        200: socialSchemas.unbound,
        303: { description: 'Форма настроек: назад с unbound или socialError' },
      },
      errors: {
        404: 'Провайдер неизвестен или не привязан (not_linked)',
        409: 'Единственный способ входа (last_method)',
        422: INVALID,
      },
    }),
  )
  .post('/:provider/unbind', async (c) => {
    const provider = providerOf(c);
    const { backPath: asked } = await bodyOf(c);
    const live = await requireLiveSession(c.var.edge);
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
