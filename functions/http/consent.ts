import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { validate } from '../lib/validate.ts';
import { safeBackPath as sitePath } from '../shared/back-path.ts';
import { COOKIE, isHttps, ONE_YEAR_SECONDS, publicCookie } from '../shared/cookies.ts';
import { apiDoc } from './api-doc.ts';

/**
 * Only a path on this site: never an open redirect. The path is checked again as the browser will
 * read it from Location: `/.//evil.example` normalises to `//evil.example`, another host.
 */
export function safeBackPath(value: string | undefined, origin: string): string {
  if (!value) return '/';
  try {
    const url = new URL(value, origin);
    const path = url.pathname + url.search;
    return url.origin === origin && new URL(path, origin).origin === origin ? path : '/';
  } catch {
    return '/';
  }
}

const doc = apiDoc({
  tag: 'consent',
  summary: 'Принять соглашение о cookies (на год)',
  answers: {
    204: { description: 'Для Accept: application/json' },
    303: {
      description:
        'Форма баннера без JavaScript: назад на страницу из поля back (путь этого сайта), иначе из Referer',
    },
  },
});

/** The banner's form: the page it is on, as a path of this site (anything else is ignored). */
const consentForm = z.object({
  back: z.string().optional().describe('Путь страницы с баннером, например /watch/12?season=2'),
});

/**
 * `POST /api/consent/cookies`: the visitor accepts the cookie agreement (docs/product.md, «Screens and routes»), kept
 * one year. The banner's form posts here without JavaScript and returns to the page it came from:
 * the path the form names, which needs no Referer (a browser may send none, or the site may be
 * reached at another address than its configured origin), else the Referer, else home.
 */
export const consentRoutes = new Hono<AppEnv>().post(
  '/cookies',
  doc,
  validate('form', consentForm),
  async (c) => {
    setCookie(c, COOKIE.cookieAgreement, '1', publicCookie(ONE_YEAR_SECONDS, isHttps(c.req.raw)));
    if (c.req.header('accept')?.includes('application/json')) return c.body(null, 204);
    const named = sitePath(c.req.valid('form').back);
    // The site's own origin from configuration, never the request's Host.
    return c.redirect(named ?? safeBackPath(c.req.header('referer'), config().siteOrigin), 303);
  },
);
