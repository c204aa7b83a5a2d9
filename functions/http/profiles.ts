import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { d1 } from '../db/client.ts';
import {
  nowSeconds,
  requireLiveSession,
  setSessionCookies,
  tokenAnswer,
  toSignedIn,
} from '../domains/auth/index.ts';
import {
  AVATARS,
  assertMaySwitchTo,
  createProfileBody,
  deleteProfile,
  findProfile,
  forgetPinEntryOnKidSwitch,
  insertProfile,
  listProfiles,
  MAX_PROFILES,
  type Profile,
  type ProfileRow,
  profileCounts,
  profileParam,
  profileTexts,
  switchBody,
  switchSession,
  toProfile,
  updateProfile,
  updateProfileBody,
} from '../domains/profiles/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { ApiError } from '../lib/errors.ts';
import type { LiveSession } from '../lib/session-token.ts';
import { validate } from '../lib/validate.ts';
import { COOKIE, isHttps } from '../shared/cookies.ts';
import * as shape from './answers.ts';
import { apiDoc, INVALID } from './api-doc.ts';

interface Counts {
  total: number;
  adults: number;
}

/** The live session of an adult profile: kid profiles may look and switch, not manage (403). */
async function requireAdult(c: Context<AppEnv>): Promise<LiveSession> {
  const live = await requireLiveSession(c);
  if (live.isKid) throw new ApiError(403, profileTexts.kidForbidden, 'kid_profile');
  return live;
}

async function profileOf(live: LiveSession, id: number): Promise<Profile> {
  const row = await findProfile(d1(), live.accountId, id).first<ProfileRow>();
  if (!row) throw new ApiError(404, profileTexts.notFound, 'profile_not_found');
  return toProfile(row);
}

/** The profile, and the account's counts, read in one round trip. */
async function profileAndCounts(live: LiveSession, id: number): Promise<[Profile, Counts]> {
  const db = d1();
  const [row, counts] = await db.batch([
    findProfile(db, live.accountId, id),
    profileCounts(db, live.accountId),
  ]);
  const found = row!.results[0] as ProfileRow | undefined;
  if (!found) throw new ApiError(404, profileTexts.notFound, 'profile_not_found');
  return [toProfile(found), counts!.results[0] as Counts];
}

const isLimitError = (e: unknown) => e instanceof Error && e.message.includes('profile_limit');

/**
 * Profiles of the account under /auth (spec sections 3, 4, 7): list, create, read, edit and
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
      answers: { 200: shape.avatars },
    }),
  )
  .get('/v2/users/avatars', async (c) => {
    await requireLiveSession(c);
    return c.json({ count: AVATARS.length, results: AVATARS });
  })

  .get(
    '/users',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Профили аккаунта',
      answers: { 200: shape.profiles },
    }),
  )
  .get('/users', async (c) => {
    const live = await requireLiveSession(c);
    const { results } = await listProfiles(d1(), live.accountId).all<ProfileRow>();
    return c.json({
      count: results.length,
      results: results.map((r) => ({ ...toProfile(r), current: r.id === live.userId })),
    });
  })

  .post(
    '/users',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Создать профиль (взрослый или детский; не больше 5 в аккаунте)',
      answers: { 201: shape.profile },
      errors: {
        403: 'Детский профиль не управляет профилями (kid_profile)',
        409: 'Уже 5 профилей (profile_limit)',
        422: INVALID,
      },
    }),
  )
  .post('/users', validate('json', createProfileBody), async (c) => {
    const live = await requireAdult(c);
    const body = c.req.valid('json');
    let row: ProfileRow | null;
    try {
      row = await insertProfile(d1(), live.accountId, body, nowSeconds()).first<ProfileRow>();
    } catch (e) {
      if (!isLimitError(e)) throw e;
      row = null;
    }
    if (!row) throw new ApiError(409, profileTexts.limit, 'profile_limit');
    return c.json(toProfile(row), 201);
  })

  // Spec section 4: "Kids availability is fetched at start" — may this account add a kid profile?
  .get(
    '/users/kids/availability',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Можно ли добавить детский профиль',
      answers: { 200: shape.kidsAvailability },
    }),
  )
  .get('/users/kids/availability', async (c) => {
    const live = await requireLiveSession(c);
    const counts = await profileCounts(d1(), live.accountId).first<Counts>();
    return c.json({ available: !live.isKid && (counts?.total ?? MAX_PROFILES) < MAX_PROFILES });
  })

  .post(
    '/users/switch',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary:
        'Переключить сеанс этого браузера на профиль аккаунта: новый токен и cookies; из детского во взрослый при включённом родительском контроле — с PIN-кодом',
      answers: { 200: shape.switched },
      errors: {
        403: 'Нужен PIN-код (pin_required, pin_invalid)',
        404: 'Чужой или неизвестный профиль',
        422: INVALID,
        429: 'Ввод PIN-кода заблокирован (pin_locked)',
      },
    }),
  )
  .post('/users/switch', validate('json', switchBody), async (c) => {
    const live = await requireLiveSession(c);
    const { userId, pin } = c.req.valid('json');
    const target = await profileOf(live, userId);
    await assertMaySwitchTo(c, live, target, pin);
    const db = d1();
    const now = nowSeconds();
    const [switched] = await db.batch([
      switchSession(db, live.sessionId, target.id, now),
      forgetPinEntryOnKidSwitch(db, live.sessionId, target.id),
    ]);
    const session = toSignedIn(switched!.results[0] as Record<string, unknown> | undefined);
    // The profile went between the read and the switch (deleted on another device).
    if (!session) throw new ApiError(404, profileTexts.notFound, 'profile_not_found');
    const answer = await tokenAnswer(session, config().jwtSecret, now);
    setSessionCookies(c, session, answer.token);
    if (session.isKid)
      setCookie(c, COOKIE.parentalPin, 'not_entered', {
        path: '/',
        sameSite: 'Lax',
        secure: isHttps(c.req.raw),
      });
    return c.json({ ...answer, profile: target });
  })

  .get(
    '/users/:id',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Профиль (isKid)',
      answers: { 200: shape.profile },
      errors: { 404: 'Чужой или неизвестный профиль', 422: 'Неверный id' },
    }),
  )
  .get('/users/:id', validate('param', profileParam), async (c) => {
    const live = await requireLiveSession(c);
    return c.json(await profileOf(live, c.req.valid('param').id));
  })

  .patch(
    '/users/:id',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Изменить имя, аватар или тип профиля',
      answers: { 200: shape.profile },
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
    validate('param', profileParam),
    validate('json', updateProfileBody),
    async (c) => {
      const live = await requireAdult(c);
      const { id } = c.req.valid('param');
      const patch = c.req.valid('json');
      const [profile, counts] = await profileAndCounts(live, id);
      if (patch.isKid === true && !profile.isKid) {
        if (id === live.userId) throw new ApiError(409, profileTexts.kidCurrent, 'current_profile');
        if (counts.adults <= 1) throw new ApiError(409, profileTexts.lastAdultToKid, 'last_adult');
      }
      const row = await updateProfile(
        d1(),
        live.accountId,
        id,
        live.userId,
        patch,
      ).first<ProfileRow>();
      // The read allowed it but the guarded write did not: another request changed the account meanwhile.
      if (!row) throw new ApiError(409, profileTexts.lastAdultToKid, 'last_adult');
      return c.json(toProfile(row));
    },
  )

  .delete(
    '/users/:id',
    apiDoc({
      tag: 'profiles',
      auth: true,
      summary: 'Удалить профиль; устройства в нём выходят из аккаунта',
      answers: { 200: shape.deleted },
      errors: {
        403: 'Детский профиль не управляет профилями (kid_profile)',
        404: 'Чужой или неизвестный профиль',
        409: 'Текущий профиль или последний взрослый',
        422: 'Неверный id',
      },
    }),
  )
  .delete('/users/:id', validate('param', profileParam), async (c) => {
    const live = await requireAdult(c);
    const { id } = c.req.valid('param');
    const [profile, counts] = await profileAndCounts(live, id);
    if (id === live.userId) throw new ApiError(409, profileTexts.deleteCurrent, 'current_profile');
    if (!profile.isKid && counts.adults <= 1)
      throw new ApiError(409, profileTexts.deleteLastAdult, 'last_adult');
    const { meta } = await deleteProfile(d1(), live.accountId, id, live.userId).run();
    if (meta.changes === 0) throw new ApiError(409, profileTexts.deleteLastAdult, 'last_adult');
    return c.json({ status: 'deleted', id });
  });
