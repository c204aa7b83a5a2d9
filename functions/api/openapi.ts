/**
 * The OpenAPI 3.1 document of the JSON API, generated from the same zod schemas that validate the
 * requests (zod 4's JSON Schema output). Served at `GET /api/openapi.json`.
 */
import { Hono } from 'hono';
import { z, type ZodObject } from 'zod';
import type { AppEnv } from '../lib/app-env.ts';
import { pageQuery } from '../lib/pagination.ts';
import { ageQuery } from '../lib/schemas.ts';
import { contentIdQuery, listQuery } from './content/routes.ts';
import { mediascopeQuery, resolveQuery } from './metadata/routes.ts';
import { windowQuery } from './premieres/routes.ts';
import { searchQuery } from './search/routes.ts';
import { bannerQuery } from './showcases/routes.ts';
import { channelsQuery, scheduleQuery } from './tv/routes.ts';
import { seoQuery } from './seo/routes.ts';

interface Operation {
  path: string;
  summary: string;
  query?: ZodObject;
  params?: Record<string, string>;
  tag: string;
}

const OPERATIONS: Operation[] = [
  { tag: 'flags', path: '/api/client/features/{name}', summary: 'Значение флага (web-enable-calendar, disable-dazn, enable-trailers)', params: { name: 'имя флага' } },
  { tag: 'content', path: '/cms/content/{list}/', summary: 'Список: movies, series, kids, trailers, special', query: listQuery, params: { list: 'movies | series | kids | trailers | special' } },
  { tag: 'content', path: '/cms/content/{type}/{id}/', summary: 'Карточка фильма, сериала, детского контента или трейлера', query: ageQuery, params: { type: 'movie | series | kids | trailer', id: 'id контента' } },
  { tag: 'content', path: '/cms/content/series/{id}/seasons/{number}/', summary: 'Сезон сериала с эпизодами', query: ageQuery, params: { id: 'id сериала', number: 'номер сезона' } },
  { tag: 'content', path: '/cms/content/seasons/', summary: 'Сезоны сериала со ссылками', query: contentIdQuery.pick({ content_id: true }) },
  { tag: 'content', path: '/cms/content/recommendations/', summary: 'Похожие на контент', query: contentIdQuery },
  { tag: 'content', path: '/cms/content/hbo-max/availability/', summary: 'Доступен ли HBO Max' },
  { tag: 'catalogue', path: '/cms/catalogue/{facet}/', summary: 'Жанры, страны, студии, годы, десятилетия с количеством', params: { facet: 'genres | countries | studios | years | decades' } },
  { tag: 'search', path: '/cms/search/', summary: 'Поиск по названиям, людям и описаниям', query: searchQuery },
  { tag: 'search', path: '/cms/search/preset/', summary: 'Подборка до ввода запроса', query: ageQuery },
  { tag: 'premieres', path: '/cms/premieres/episodes/', summary: 'Премьеры эпизодов', query: windowQuery },
  { tag: 'premieres', path: '/cms/premieres/seasons/', summary: 'Премьеры сезонов', query: windowQuery },
  { tag: 'products', path: '/cms/products/', summary: 'Продукты: подписки, аренда, покупка' },
  { tag: 'products', path: '/cms/products/{idOrSlug}/content/', summary: 'Контент продукта', query: pageQuery.merge(ageQuery), params: { idOrSlug: 'id или slug продукта' } },
  { tag: 'showcases', path: '/cms/showcases/featured/', summary: 'Главная витрина с полками', query: ageQuery },
  { tag: 'showcases', path: '/cms/showcases/current/', summary: 'Текущая витрина', query: ageQuery },
  { tag: 'showcases', path: '/cms/showcases/{slug}/', summary: 'Витрина раздела', query: ageQuery, params: { slug: 'slug витрины' } },
  { tag: 'showcases', path: '/cms/showcases/collections/', summary: 'Подборки', query: pageQuery },
  { tag: 'showcases', path: '/cms/showcases/collections/{slug}/', summary: 'Подборка с контентом', query: pageQuery.merge(ageQuery), params: { slug: 'slug подборки' } },
  { tag: 'showcases', path: '/cms/showcases/page-banners/', summary: 'Баннеры страницы', query: bannerQuery },
  { tag: 'seo', path: '/cms/seo-texts/', summary: 'SEO-тексты пути', query: seoQuery },
  { tag: 'tech', path: '/cms/tech-pages/{slug}/', summary: 'Технические страницы: faq, contact', params: { slug: 'faq | contact' } },
  { tag: 'tv', path: '/cms/tv/channels/', summary: 'Телеканалы: что идёт сейчас и дальше', query: channelsQuery },
  { tag: 'tv', path: '/cms/tv/channels/{idOrSlug}/', summary: 'Программа канала на день', query: scheduleQuery, params: { idOrSlug: 'id или slug канала' } },
  { tag: 'metadata', path: '/cms/metadata/resolve/', summary: 'Что показывает путь сайта', query: resolveQuery },
  { tag: 'metadata', path: '/cms/metadata/mediascope/', summary: 'Метки Mediascope для контента', query: mediascopeQuery },
];

const errorEnvelope = z.object({ message: z.string().describe('Текст для пользователя, по-русски'), details: z.object({ reason: z.string() }) });

function parameters(op: Operation) {
  const json = op.query && (z.toJSONSchema(op.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object>; required?: string[] });
  const query = Object.entries(json?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: Boolean(json?.required?.includes(name)), schema }));
  const path = Object.entries(op.params ?? {}).map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } }));
  return [...path, ...query];
}

/** The OpenAPI document. */
export function openApiDocument() {
  const paths: Record<string, object> = {};
  for (const op of OPERATIONS) {
    paths[op.path] = {
      get: {
        tags: [op.tag],
        summary: op.summary,
        parameters: parameters(op),
        responses: {
          200: { description: 'OK' },
          404: { description: 'Не найдено', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          422: { description: 'Неверные параметры', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Амедиатека API', version: '1.0.0', description: 'Каталог, флаги и служебные данные. Ошибки — в едином конверте { message, details: { reason } }.' },
    paths,
    components: { schemas: { Error: z.toJSONSchema(errorEnvelope) } },
  };
}

export const openApiRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(openApiDocument());
});
