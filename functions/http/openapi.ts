/**
 * The OpenAPI 3.1 document of the JSON API, generated from the routes themselves: each route's
 * `apiDoc()` (summary, answers, its own errors) and the schemas of its `validate()` calls (zod 4's
 * JSON Schema output). Served at `GET /api/openapi.json`.
 */
import { Hono } from 'hono';
import { findTargetHandler } from 'hono/utils/handler';
import { generateSpecs, uniqueSymbol } from 'hono-openapi';
import { z } from 'zod';
import type { AppEnv } from '../lib/app-env.ts';
import { apiDoc, ERROR_CONTENT, errorEnvelope } from './api-doc.ts';

interface Operation {
  responses: Record<string, { description: string; content?: object }>;
}
type Paths = Record<string, Record<string, Operation>>;

const TAGS: Record<string, string> = {
  service: 'Служебное: живость и этот документ',
  flags: 'Флаги клиента',
  content: 'Контент: списки, карточки, сезоны',
  catalogue: 'Фильтры каталога',
  search: 'Поиск',
  premieres: 'Премьеры',
  products: 'Продукты',
  showcases: 'Витрины и подборки',
  seo: 'SEO-тексты',
  tech: 'Технические страницы',
  tv: 'Телеканалы',
  metadata: 'Метаданные путей и контента',
  media: 'Картинки: постеры, фоны, логотипы, аватары',
  auth: 'Аккаунт, вход и сеансы',
  profiles: 'Профили',
  socials: 'Вход через соцсети',
  'tv-code': 'Вход на телевизоре по коду',
  parental: 'Родительский контроль',
  support: 'Поддержка',
  consent: 'Согласие на cookies',
};

/** Statuses every route of a kind can give, from the app's middleware rather than the route. */
const CSRF = 'Запрос пришёл с другого сайта (csrf)';
const TOO_LARGE = 'Тело больше предела: 8 КБ под /auth, 32 КБ под /api (payload_too_large)';
const UNREADABLE = 'Тело запроса не читается (не JSON)';
const INVALID_BODY = 'Неверные данные';
const INVALID_PARAMS = 'Неверные параметры';

const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

/** `METHOD path` of every route with the validation targets (`json`, `query`…) of its validate() calls. */
function validatedTargets(app: Hono<AppEnv>): Map<string, Set<string>> {
  const targets = new Map<string, Set<string>>();
  for (const route of app.routes) {
    const meta = (findTargetHandler(route.handler) as { [uniqueSymbol]?: { target?: string } })[
      uniqueSymbol
    ];
    if (!meta?.target) continue;
    const key = `${route.method.toLowerCase()} ${openApiPath(route.path)}`;
    targets.set(key, (targets.get(key) ?? new Set()).add(meta.target));
  }
  return targets;
}

const addError = (op: Operation, status: number, description: string) => {
  const existing = op.responses[status];
  op.responses[status] = existing
    ? { ...existing, description: `${existing.description}; ${description}` }
    : { description, content: ERROR_CONTENT };
};

/**
 * Adds what the app's middleware and validators answer (400, 403, 413, 422) and spells paths with
 * the trailing slash of the spec's paths under /cms and /auth (both spellings answer).
 */
function complete(paths: Paths, app: Hono<AppEnv>): Paths {
  const targets = validatedTargets(app);
  const out: Paths = {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const validated = targets.get(`${method} ${path}`) ?? new Set();
      const body = validated.has('json') || validated.has('form');
      if (body) addError(op, 400, UNREADABLE);
      if (method !== 'get') addError(op, 403, CSRF);
      // Only bodies are limited (app.ts); the methods that carry one.
      if (['post', 'put', 'patch'].includes(method) && /^\/(auth|api)\//.test(path))
        addError(op, 413, TOO_LARGE);
      if (validated.size > 0 && !op.responses[422])
        addError(op, 422, body ? INVALID_BODY : INVALID_PARAMS);
      op.responses = Object.fromEntries(
        Object.entries(op.responses).sort(([a], [b]) => Number(a) - Number(b)),
      );
    }
    const spelled = /^\/(cms|auth)\/.*[^/]$/.test(path) ? `${path}/` : path;
    out[spelled] = { ...out[spelled], ...item };
  }
  return out;
}

async function build(app: Hono<AppEnv>) {
  const doc = await generateSpecs(app, {
    // Development-only paths (DEV_ROUTES: the D1 meter, the outbox, the local identity provider)
    // are a 404 in production, so they are not part of the API.
    exclude: [/^\/dev\//],
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
    documentation: {
      info: {
        title: 'Амедиатека API',
        version: '1.0.0',
        description:
          'Каталог, флаги, аккаунты и служебные данные. Ошибки — в едином конверте { message, details: { reason } }. Известный путь с неподдерживаемым методом отвечает 405 с заголовком Allow (method_not_allowed); неизвестный путь — 404.',
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        schemas: { Error: z.toJSONSchema(errorEnvelope) as object },
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Токен доступа на 15 минут (cookie token)',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'session',
            description: 'HttpOnly-cookie сеанса устройства; по ней токен обновляется',
          },
        },
      },
    },
  });
  return { ...doc, paths: complete(doc.paths as unknown as Paths, app) };
}

const documents = new WeakMap<Hono<AppEnv>, ReturnType<typeof build>>();

/** The OpenAPI document of `app`, built once per app from its routes. */
export function openApiDocument(app: Hono<AppEnv>) {
  let doc = documents.get(app);
  if (!doc) {
    // A failed build is not kept: the next request tries again.
    doc = build(app).catch((error: unknown) => {
      documents.delete(app);
      throw error;
    });
    documents.set(app, doc);
  }
  return doc;
}

/** `GET /api/openapi.json` of `app` (the composed app, so every mounted route is in it). */
export const openApiRoutes = (app: Hono<AppEnv>) =>
  new Hono<AppEnv>()
    .get(
      '/',
      apiDoc({
        tag: 'service',
        summary: 'Этот документ: OpenAPI 3.1, собран из маршрутов',
        answers: { 200: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.looseObject({}) }) },
      }),
    )
    .get('/', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await openApiDocument(app));
    });
