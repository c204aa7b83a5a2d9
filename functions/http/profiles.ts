import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { requireLiveSession, sessionCookies } from '../domains/auth/index.ts';
import {
  AVATARS,
  accountProfiles,
  createProfile,
  editProfile,
  kidsAvailable,
  profileById,
  removeProfile,
  profileSchemas as s,
  switchProfile,
} from '../domains/profiles/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { applyCookies } from '../lib/cookies.ts';
import { validate } from '../lib/validate.ts';
import { COOKIE, isHttps } from '../shared/cookies.ts';
import { apiDoc, INVALID } from './api-doc.ts';

/**
 * Profiles of the account under /auth (docs/product.md, «What we keep» and «How things change» and «How the site talks to the API»): list, create, read, edit and
 * delete, kids availability, avatars, and the switch of this browser's session to another
 * profile. Every call needs a live session; nothing may be stored by a cache.
 */
export const profileRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })

  .get(
    '/v2/users/avatars',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Аватары профилей',
      answers: { 200: s.avatars },
    }),
  )
  .get('/v2/users/avatars', async (c) => {
    await requireLiveSession(c.var.edge);
    return c.json({ count: AVATARS.length, results: AVATARS });
  })

  .get(
    '/users',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Профили аккаунта',
      answers: { 200: s.profiles },
    }),
  )
  .get('/users', async (c) => {
    const results = await accountProfiles(await requireLiveSession(c.var.edge));
    return c.json({ count: results.length, results });
  })

  .post(
    '/users',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Создать профиль (взрослый или детский; не больше 5 в аккаунте)',
      answers: { 201: s.profile },
      errors: {
        403: 'Детский профиль не управляет профилями (kid_profile)',
        409: 'Уже 5 профилей (profile_limit)',
        422: INVALID,
      },
    }),
  )
  .post('/users', validate('json', s.createProfileBody), async (c) => {
    const live = await requireLiveSession(c.var.edge);
    return c.json(await createProfile(live, c.req.valid('json')), 201);
  })

  // docs/product.md, «How things change»: "Kids availability is fetched at start" — may this account add a kid profile?
  .get(
    '/users/kids/availability',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Можно ли добавить детский профиль',
      answers: { 200: s.kidsAvailability },
    }),
  )
  .get('/users/kids/availability', async (c) => {
    return c.json({ available: await kidsAvailable(await requireLiveSession(c.var.edge)) });
  })

  .post(
    '/users/switch',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary:
        'Переключить сеанс этого браузера на профиль аккаунта: новый токен и cookies; из детского во взрослый при включённом родительском контроле — с PIN-кодом',
      answers: { 200: s.switched },
      errors: {
        403: 'Нужен PIN-код (pin_required, pin_invalid)',
        404: 'Чужой или неизвестный профиль',
        422: INVALID,
        429: 'Ввод PIN-кода заблокирован (pin_locked)',
      },
    }),
  )
  .post('/users/switch', validate('json', s.switchBody), async (c) => {
    const live = await requireLiveSession(c.var.edge);
    const { userId, pin } = c.req.valid('json');
    const { session, answer, profile } = await switchProfile(c.var.edge.geo.ip, live, userId, pin);
    applyCookies(c, sessionCookies(session, answer.token, c.var.edge.client.secure));
    if (session.isKid)
      setCookie(c, COOKIE.parentalPin, 'not_entered', {
        path: '/',
        sameSite: 'Lax',
        secure: isHttps(c.req.raw),
      });
    return c.json({ ...answer, profile });
  })

  .get(
    '/users/:id',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Профиль (isKid)',
      answers: { 200: s.profile },
      errors: { 404: 'Чужой или неизвестный профиль', 422: 'Неверный id' },
    }),
  )
  .get('/users/:id', validate('param', s.profileParam), async (c) => {
    const live = await requireLiveSession(c.var.edge);
    return c.json(await profileById(live, c.req.valid('param').id));
  })

  .patch(
    '/users/:id',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Изменить имя, аватар или тип профиля',
      answers: { 200: s.profile },
      errors: {
        403: 'Детский профиль не управляет профилями (kid_profile)',
        404: 'Чужой или неизвестный профиль',
        409: 'Текущий профиль или последний взрослый нельзя сделать детским',
        422: INVALID,
      },
    }),
  )
  .patch(
    '/users/:id',
    validate('param', s.profileParam),
    validate('json', s.updateProfileBody),
    async (c) => {
      const live = await requireLiveSession(c.var.edge);
      return c.json(await editProfile(live, c.req.valid('param').id, c.req.valid('json')));
    },
  )

  .delete(
    '/users/:id',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Удалить профиль; устройства в нём выходят из аккаунта',
      answers: { 200: s.deleted },
      errors: {
        403: 'Детский профиль не управляет профилями (kid_profile)',
        404: 'Чужой или неизвестный профиль',
        409: 'Текущий профиль или последний взрослый',
        422: 'Неверный id',
      },
    }),
  )
  .delete('/users/:id', validate('param', s.profileParam), async (c) => {
    const live = await requireLiveSession(c.var.edge);
    const { id } = c.req.valid('param');
    await removeProfile(live, id);
    return c.json({ status: 'deleted', id });
  });
