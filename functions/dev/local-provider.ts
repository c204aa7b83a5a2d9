import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { html, raw } from 'hono/html';
import { z } from 'zod';
import { d1 } from '../db/client.ts';
import { prepare, sql } from '../db/sql.ts';
import {
  ADAPTERS,
  isSocialProvider,
  LOCAL_PROVIDER_BASE,
  localClient,
  type SocialProvider,
} from '../domains/social/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { notFoundResponse } from '../lib/errors.ts';
import { type DevPageLook, devPage } from './page-shell.ts';

/**
 * The local identity provider (development and tests, DEV_ROUTES only): an OAuth 2 server that
 * behaves like VK ID, OK, Yandex, Google and Facebook for the site's adapters. The tester picks or
 * types who signs in on its authorize page; codes are single use, live a minute and are bound to
 * the client, the redirect URI and the PKCE challenge (S256); the user-info endpoint answers in
 * each provider's own shape, so the adapters' readers are exercised as they are.
 *
 * - `GET  /dev/oauth/{p}/authorize`: the consent page; `POST` the choice → redirect with `code` and `state`
 *   (or `error=access_denied`).
 * - `POST /dev/oauth/{p}/token`: form `grant_type, code, redirect_uri, client_id, client_secret, code_verifier`.
 * - `GET|POST /dev/oauth/{p}/userinfo`: the token as `Authorization: Bearer|OAuth`, form or query `access_token`.
 */

const CODE_SECONDS = 60;

/** People to pick on the authorize page. */
const LOCAL_USERS = [
  { name: 'Иван Петров', email: 'ivan@example.ru' },
  { name: 'Мария Смирнова', email: 'maria@example.ru' },
  { name: 'Алексей Без Почты', email: '' },
] as const;

const devOnly = createMiddleware<AppEnv>(async (c, next) =>
  config().devRoutes ? next() : notFoundResponse(c),
);

const authorizeQuery = z.object({
  response_type: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  state: z.string().min(16).max(128),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
  scope: z.string().optional(),
});
type AuthorizeQuery = z.infer<typeof authorizeQuery>;

/** The subject the provider gives a person: stable per provider and e-mail (or name). */
async function subjectOf(provider: SocialProvider, name: string, email: string): Promise<string> {
  const digest = await sha256(`${provider}\n${email || name}`);
  return String(parseInt(digest.replace(/[^0-9a-f]/gi, '').slice(0, 10) || '1', 16));
}

/** The redirect URI the site registered for this provider (the only one the provider accepts). */
const registeredRedirect = (origin: string, provider: SocialProvider) =>
  `${origin}/auth/socials/${provider}/check`;

function clientProblem(
  provider: SocialProvider,
  q: Partial<AuthorizeQuery>,
  origin: string,
): string | null {
  if (q.client_id !== localClient(provider).id) return 'Неизвестное приложение (client_id)';
  if (q.redirect_uri !== registeredRedirect(origin, provider))
    return 'Адрес возврата (redirect_uri) не зарегистрирован';
  return null;
}

const look: DevPageLook = {
  background: '#f4f5f7',
  focus: '#f5a623',
  styles: `      fieldset { border: 1px solid #c5c9d0; border-radius: 8px; margin: 0 0 16px; padding: 12px 16px; }
      legend { font-weight: 600; padding: 0 4px; }
      .choice { display: flex; gap: 8px; align-items: center; min-height: 44px; }
      label.field { display: grid; gap: 4px; margin-top: 8px; font-weight: 600; }
      input[type=text], input[type=email] { min-height: 44px; padding: 8px 12px; border: 1px solid #8a9099; border-radius: 8px; font: inherit; }
      .actions { display: flex; gap: 12px; flex-wrap: wrap; }
      button { min-height: 44px; padding: 8px 20px; border-radius: 8px; border: 1px solid #1f4fd1; font: inherit; cursor: pointer; }
      .allow { background: #1f4fd1; color: #fff; }
      .deny { background: #fff; color: #1f4fd1; }
      .error { color: #a3101f; }`,
};

const page = (title: string, body: ReturnType<typeof html>) => devPage(look, title, body);

const hidden = (q: AuthorizeQuery) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`);

function consentPage(provider: SocialProvider, q: AuthorizeQuery) {
  const label = ADAPTERS[provider].label;
  return page(
    `Вход через «${label}» — тестовый провайдер`,
    html`<h1>Вход через «${label}»</h1>
      <p class="note">Тестовый провайдер для разработки: выберите, кто входит, или введите имя и e-mail. Сайт получит имя, e-mail и идентификатор пользователя.</p>
      <form method="post">
        ${hidden(q)}
        <fieldset>
          <legend>Пользователь</legend>
          ${LOCAL_USERS.map(
            (u, i) => html`<div class="choice">
              <input type="radio" id="user-${i}" name="user" value="${i}" ${raw(i === 0 ? 'checked' : '')} />
              <label for="user-${i}">${u.name}${u.email ? `, ${u.email}` : ' (без e-mail)'}</label>
            </div>`,
          )}
          <div class="choice">
            <input type="radio" id="user-custom" name="user" value="custom" />
            <label for="user-custom">Другой пользователь</label>
          </div>
          <label class="field">Имя<input type="text" name="name" autocomplete="off" maxlength="60" /></label>
          <label class="field">E-mail<input type="email" name="email" autocomplete="off" maxlength="254" /></label>
        </fieldset>
        <div class="actions">
          <button class="allow" type="submit" name="decision" value="allow">Разрешить</button>
          <button class="deny" type="submit" name="decision" value="deny">Отказать</button>
        </div>
      </form>`,
  );
}

function redirectWith(redirectUri: string, params: Record<string, string>): Response {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return new Response(null, {
    status: 302,
    headers: { Location: url.toString(), 'Cache-Control': 'no-store' },
  });
}

/** The user-info answer in the provider's own shape (what the real API would send). */
function userInfoShape(
  provider: SocialProvider,
  g: { subject: string; name: string; email: string | null },
) {
  const [first = '', ...rest] = g.name.split(' ');
  const last = rest.join(' ');
  const email = g.email ?? undefined;
  switch (provider) {
    case 'vk':
      return { user: { user_id: g.subject, first_name: first, last_name: last, email } };
    case 'ok':
      return { uid: g.subject, name: g.name, first_name: first, last_name: last, email };
    case 'ya':
      return {
        id: g.subject,
        login: email?.split('@')[0] ?? g.subject,
        real_name: g.name,
        display_name: first,
        default_email: email,
      };
    case 'gp':
      return {
        sub: g.subject,
        name: g.name,
        given_name: first,
        email,
        email_verified: email !== undefined,
      };
    case 'fb':
      return { id: g.subject, name: g.name, email };
  }
}

const oauthError = (error: string, status: 400 | 401 = 400) =>
  Response.json(
    { error, error_description: error },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );

export const localProviderApp = new Hono<AppEnv>({ strict: false })
  .basePath(LOCAL_PROVIDER_BASE)
  .use('*', devOnly)
  .get('/:provider/authorize', (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return notFoundResponse(c);
    const origin = new URL(c.req.url).origin;
    const raw = c.req.query();
    const problem = clientProblem(provider, raw, origin);
    if (problem)
      return c.html(
        page('Ошибка входа', html`<h1>Ошибка входа</h1><p class="error">${problem}</p>`),
        400,
      );
    const q = authorizeQuery.safeParse(raw);
    if (!q.success || q.data.response_type !== 'code')
      return redirectWith(raw.redirect_uri!, {
        error: 'invalid_request',
        ...(raw.state ? { state: raw.state } : {}),
      });
    return c.html(consentPage(provider, q.data), 200, { 'Cache-Control': 'no-store' });
  })
  .post('/:provider/authorize', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return notFoundResponse(c);
    const form = Object.fromEntries(
      [...(await c.req.formData())].map(([k, v]) => [k, String(v).trim()]),
    );
    const origin = new URL(c.req.url).origin;
    const problem = clientProblem(provider, form, origin);
    const q = authorizeQuery.safeParse(form);
    if (problem || !q.success)
      return c.html(
        page(
          'Ошибка входа',
          html`<h1>Ошибка входа</h1><p class="error">${problem ?? 'Неверный запрос'}</p>`,
        ),
        400,
      );
    if (form.decision !== 'allow')
      return redirectWith(q.data.redirect_uri, { error: 'access_denied', state: q.data.state });
    const preset = LOCAL_USERS[Number(form.user)];
    const name = (preset?.name ?? form.name ?? '').slice(0, 60) || 'Тестовый пользователь';
    const email = (preset ? preset.email : (form.email ?? '')).toLowerCase().slice(0, 254);
    const code = randomToken(24);
    const now = Math.floor(Date.now() / 1000);
    const db = d1();
    // Grants a day past their code's life go as new ones come (no production job knows this table).
    const spent = prepare(db, sql`DELETE FROM dev_oauth_grants WHERE expires_at < ${now - 86_400}`);
    const grant = prepare(
      db,
      sql`INSERT INTO dev_oauth_grants (code_hash, provider, client_id, redirect_uri, code_challenge, subject, name, email, expires_at) VALUES (${await sha256(code)}, ${provider}, ${q.data.client_id}, ${q.data.redirect_uri}, ${q.data.code_challenge}, ${await subjectOf(provider, name, email)}, ${name}, ${email || null}, ${now + CODE_SECONDS})`,
    );
    await db.batch([spent, grant]);
    // VK ID sends the device id with the code and wants it back in the token request.
    return redirectWith(q.data.redirect_uri, {
      code,
      state: q.data.state,
      ...(provider === 'vk' ? { device_id: 'local-device', type: 'code_v2' } : {}),
    });
  })
  .post('/:provider/token', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return notFoundResponse(c);
    const form = Object.fromEntries([...(await c.req.formData())].map(([k, v]) => [k, String(v)]));
    const client = localClient(provider);
    if (form.client_id !== client.id || form.client_secret !== client.secret)
      return oauthError('invalid_client', 401);
    if (form.grant_type !== 'authorization_code' || !form.code || !form.code_verifier)
      return oauthError('invalid_request');
    if (provider === 'vk' && form.device_id !== 'local-device')
      return oauthError('invalid_request');
    const db = d1();
    const now = Math.floor(Date.now() / 1000);
    const accessToken = randomToken(32);
    // Single use: the code is spent by this statement whatever follows, as real providers do.
    const grant = await prepare(
      db,
      sql`UPDATE dev_oauth_grants SET used_at = ${now}, access_token_hash = ${await sha256(accessToken)}
         WHERE code_hash = ${await sha256(form.code)} AND provider = ${provider} AND used_at IS NULL
         RETURNING redirect_uri AS redirectUri, code_challenge AS codeChallenge, expires_at AS expiresAt`,
    ).first<{ redirectUri: string; codeChallenge: string; expiresAt: number }>();
    if (!grant || grant.expiresAt <= now || grant.redirectUri !== form.redirect_uri)
      return oauthError('invalid_grant');
    // PKCE (RFC 7636, S256): only the holder of the verifier can use the code.
    if ((await sha256(form.code_verifier)) !== grant.codeChallenge)
      return oauthError('invalid_grant');
    return c.json({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600 }, 200, {
      'Cache-Control': 'no-store',
    });
  })
  .on(['GET', 'POST'], '/:provider/userinfo', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return notFoundResponse(c);
    const header = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const form =
      c.req.method === 'POST'
        ? Object.fromEntries([...(await c.req.formData())].map(([k, v]) => [k, String(v)]))
        : {};
    const token = header ?? form.access_token ?? c.req.query('access_token');
    if (!token) return oauthError('invalid_token', 401);
    const grant = await prepare(
      d1(),
      sql`SELECT subject, name, email FROM dev_oauth_grants WHERE access_token_hash = ${await sha256(token)} AND provider = ${provider}`,
    ).first<{ subject: string; name: string; email: string | null }>();
    if (!grant) return oauthError('invalid_token', 401);
    return c.json(userInfoShape(provider, grant), 200, { 'Cache-Control': 'no-store' });
  });
