import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { requireLiveSession, setSessionCookies } from '../domains/auth/index.ts';
import {
  AVATARS,
  accountProfiles,
  createProfile,
  createProfileBody,
  editProfile,
  kidsAvailable,
  profileById,
  profileParam,
  removeProfile,
  switchBody,
  switchProfile,
  updateProfileBody,
} from '../domains/profiles/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';
import { COOKIE, isHttps } from '../shared/cookies.ts';

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

  .get('/v2/users/avatars', async (c) => {
    await requireLiveSession(c);
    return c.json({ count: AVATARS.length, results: AVATARS });
  })

  .get('/users', async (c) => {
    const results = await accountProfiles(await requireLiveSession(c));
    return c.json({ count: results.length, results });
  })

  .post('/users', validate('json', createProfileBody), async (c) => {
    const live = await requireLiveSession(c);
    return c.json(await createProfile(live, c.req.valid('json')), 201);
  })

  // Spec section 4: "Kids availability is fetched at start" — may this account add a kid profile?
  .get('/users/kids/availability', async (c) => {
    return c.json({ available: await kidsAvailable(await requireLiveSession(c)) });
  })

  .post('/users/switch', validate('json', switchBody), async (c) => {
    const live = await requireLiveSession(c);
    const { userId, pin } = c.req.valid('json');
    const { session, answer, profile } = await switchProfile(c.var.edge.geo.ip, live, userId, pin);
    setSessionCookies(c, session, answer.token);
    if (session.isKid)
      setCookie(c, COOKIE.parentalPin, 'not_entered', {
        path: '/',
        sameSite: 'Lax',
        secure: isHttps(c.req.raw),
      });
    return c.json({ ...answer, profile });
  })

  .get('/users/:id', validate('param', profileParam), async (c) => {
    const live = await requireLiveSession(c);
    return c.json(await profileById(live, c.req.valid('param').id));
  })

  .patch(
    '/users/:id',
    validate('param', profileParam),
    validate('json', updateProfileBody),
    async (c) => {
      const live = await requireLiveSession(c);
      return c.json(await editProfile(live, c.req.valid('param').id, c.req.valid('json')));
    },
  )

  .delete('/users/:id', validate('param', profileParam), async (c) => {
    const live = await requireLiveSession(c);
    const { id } = c.req.valid('param');
    await removeProfile(live, id);
    return c.json({ status: 'deleted', id });
  });
