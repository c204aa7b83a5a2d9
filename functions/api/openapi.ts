/**
 * The OpenAPI 3.1 document of the JSON API, generated from the same zod schemas that validate the
 * requests (zod 4's JSON Schema output). Served at `GET /api/openapi.json`.
 */
import { Hono } from 'hono';
import { type ZodObject, type ZodType, z } from 'zod';
import type { AppEnv } from '../lib/app-env.ts';
import { pageQuery } from '../lib/pagination.ts';
import { ageQuery, pagedAgeQuery } from '../lib/schemas.ts';
import {
  changePasswordBody,
  emailBody,
  emailChangeBody,
  emailCodeBody,
  emailQuery,
  phoneBody,
  phoneChangeBody,
  phoneCodeBody,
  phoneSignInBody,
  signInBody,
  signUpBody,
} from './auth/schemas.ts';
import { socialBody } from './auth/social/routes.ts';
import { tvApproveBody, tvTokenBody } from './auth/tv-code/routes.ts';
import { contentIdQuery, listQuery } from './content/routes.ts';
import { mediascopeQuery, resolveQuery } from './metadata/routes.ts';
import {
  changePinBody,
  checkPinBody,
  disableBody,
  resetChangeBody,
  sendCodeBody,
  setPinBody,
  showSettingsBody,
  verificationCheckBody,
} from './parental/schemas.ts';
import { windowQuery } from './premieres/routes.ts';
import { createProfileBody, switchBody, updateProfileBody } from './profiles/schemas.ts';
import { searchQuery } from './search/routes.ts';
import { seoQuery } from './seo/routes.ts';
import { bannerQuery } from './showcases/routes.ts';
import { channelsQuery, scheduleQuery } from './tv/routes.ts';

interface Operation {
  path: string;
  summary: string;
  /** GET unless stated. */
  method?: 'get' | 'post' | 'patch' | 'delete';
  query?: ZodObject;
  params?: Record<string, string>;
  /** A JSON request body. */
  body?: ZodType;
  /** Answers other than the GET default (200, 404, 422), with their meaning. */
  responses?: Record<number, string>;
  /** Needs a live session: Bearer token, `token` cookie or the HttpOnly `session` cookie. */
  auth?: boolean;
  tag: string;
}

const SIGNED_IN = 'Токен доступа и cookies сеанса: { token, accountId, userId, billingId, isKid }';
const CODE_SENT = '{ status: "code_sent" } — одинаково для известных и неизвестных адресов';
const LIMITED = 'Слишком много запросов или попыток (Retry-After)';

const OPERATIONS: Operation[] = [
  {
    tag: 'flags',
    path: '/api/client/features/{name}',
    summary: 'Значение флага (web-enable-calendar, disable-dazn, enable-trailers)',
    params: { name: 'имя флага' },
  },
  {
    tag: 'content',
    path: '/cms/content/{list}/',
    summary: 'Список: movies, series, kids, trailers, special',
    query: listQuery,
    params: { list: 'movies | series | kids | trailers | special' },
  },
  {
    tag: 'content',
    path: '/cms/content/{type}/{id}/',
    summary: 'Карточка фильма, сериала, детского контента или трейлера',
    query: ageQuery,
    params: { type: 'movie | series | kids | trailer', id: 'id контента' },
  },
  {
    tag: 'content',
    path: '/cms/content/series/{id}/seasons/{number}/',
    summary: 'Сезон сериала с эпизодами',
    query: ageQuery,
    params: { id: 'id сериала', number: 'номер сезона' },
  },
  {
    tag: 'content',
    path: '/cms/content/seasons/',
    summary: 'Сезоны сериала со ссылками',
    query: contentIdQuery.pick({ content_id: true }),
  },
  {
    tag: 'content',
    path: '/cms/content/recommendations/',
    summary: 'Похожие на контент',
    query: contentIdQuery,
  },
  { tag: 'content', path: '/cms/content/hbo-max/availability/', summary: 'Доступен ли HBO Max' },
  {
    tag: 'catalogue',
    path: '/cms/catalogue/{facet}/',
    summary: 'Жанры, страны, студии, годы, десятилетия с количеством',
    params: { facet: 'genres | countries | studios | years | decades' },
  },
  {
    tag: 'search',
    path: '/cms/search/',
    summary: 'Поиск по названиям, людям и описаниям',
    query: searchQuery,
  },
  {
    tag: 'search',
    path: '/cms/search/preset/',
    summary: 'Подборка до ввода запроса',
    query: ageQuery,
  },
  {
    tag: 'premieres',
    path: '/cms/premieres/episodes/',
    summary: 'Премьеры эпизодов',
    query: windowQuery,
  },
  {
    tag: 'premieres',
    path: '/cms/premieres/seasons/',
    summary: 'Премьеры сезонов',
    query: windowQuery,
  },
  { tag: 'products', path: '/cms/products/', summary: 'Продукты: подписки, аренда, покупка' },
  {
    tag: 'products',
    path: '/cms/products/{idOrSlug}/content/',
    summary: 'Контент продукта',
    query: pagedAgeQuery,
    params: { idOrSlug: 'id или slug продукта' },
  },
  {
    tag: 'showcases',
    path: '/cms/showcases/featured/',
    summary: 'Главная витрина с полками',
    query: ageQuery,
  },
  {
    tag: 'showcases',
    path: '/cms/showcases/current/',
    summary: 'Текущая витрина',
    query: ageQuery,
  },
  {
    tag: 'showcases',
    path: '/cms/showcases/{slug}/',
    summary: 'Витрина раздела',
    query: ageQuery,
    params: { slug: 'slug витрины' },
  },
  { tag: 'showcases', path: '/cms/showcases/collections/', summary: 'Подборки', query: pageQuery },
  {
    tag: 'showcases',
    path: '/cms/showcases/collections/{slug}/',
    summary: 'Подборка с контентом',
    query: pagedAgeQuery,
    params: { slug: 'slug подборки' },
  },
  {
    tag: 'showcases',
    path: '/cms/showcases/page-banners/',
    summary: 'Баннеры страницы',
    query: bannerQuery,
  },
  { tag: 'seo', path: '/cms/seo-texts/', summary: 'SEO-тексты пути', query: seoQuery },
  {
    tag: 'tech',
    path: '/cms/tech-pages/{slug}/',
    summary: 'Технические страницы: faq, contact',
    params: { slug: 'faq | contact' },
  },
  {
    tag: 'tv',
    path: '/cms/tv/channels/',
    summary: 'Телеканалы: что идёт сейчас и дальше',
    query: channelsQuery,
  },
  {
    tag: 'tv',
    path: '/cms/tv/channels/{idOrSlug}/',
    summary: 'Программа канала на день',
    query: scheduleQuery,
    params: { idOrSlug: 'id или slug канала' },
  },
  {
    tag: 'metadata',
    path: '/cms/metadata/resolve/',
    summary: 'Что показывает путь сайта',
    query: resolveQuery,
  },
  {
    tag: 'metadata',
    path: '/cms/metadata/mediascope/',
    summary: 'Метки Mediascope для контента',
    query: mediascopeQuery,
  },
  {
    tag: 'auth',
    path: '/auth/email/check',
    summary: 'Проверка адреса; не сообщает, есть ли аккаунт',
    query: emailQuery,
    responses: { 200: '{ valid: true }', 422: 'Некорректный e-mail' },
  },
  {
    tag: 'auth',
    path: '/auth/email/check',
    method: 'post',
    summary: 'Проверка адреса; не сообщает, есть ли аккаунт',
    body: emailBody,
    responses: { 200: '{ valid: true }', 422: 'Некорректный e-mail' },
  },
  {
    tag: 'auth',
    path: '/auth/email/sign_up/',
    method: 'post',
    summary: 'Регистрация: без code отправляет код на e-mail; с code создаёт аккаунт и входит',
    body: signUpBody,
    responses: {
      201: SIGNED_IN,
      202: CODE_SENT,
      400: 'Неверный, использованный или устаревший код',
      409: 'Аккаунт с этим e-mail уже есть',
      422: 'Неверные данные',
      429: LIMITED,
    },
  },
  {
    tag: 'auth',
    path: '/auth/email/sign_in/',
    method: 'post',
    summary: 'Вход по e-mail и паролю',
    body: signInBody,
    responses: {
      200: SIGNED_IN,
      401: 'Неверный e-mail или пароль',
      422: 'Неверные данные',
      429: 'Вход временно заблокирован или слишком много попыток (Retry-After)',
    },
  },
  {
    tag: 'auth',
    path: '/auth/phone/check/',
    method: 'post',
    summary: 'Отправляет код входа по SMS (10 минут, одна попытка из пяти, не чаще раза в минуту)',
    body: phoneBody,
    responses: { 202: '{ status: "code_sent" }', 422: 'Неверный номер', 429: LIMITED },
  },
  {
    tag: 'auth',
    path: '/auth/phone/sign_in/',
    method: 'post',
    summary: 'Вход по телефону: код из SMS (первый вход создаёт аккаунт) или пароль',
    body: phoneSignInBody,
    responses: {
      200: `${SIGNED_IN}, isNewAccount`,
      400: 'Неверный, использованный или устаревший код',
      401: 'Неверный номер телефона или пароль',
      422: 'Неверные данные',
      429: LIMITED,
    },
  },
  {
    tag: 'auth',
    path: '/auth/email/reset_pass/',
    method: 'post',
    summary: 'Восстановление пароля: код на e-mail',
    body: emailBody,
    responses: { 202: CODE_SENT, 422: 'Некорректный e-mail', 429: LIMITED },
  },
  {
    tag: 'auth',
    path: '/auth/phone/reset_pass/',
    method: 'post',
    summary: 'Восстановление пароля: код по SMS',
    body: phoneBody,
    responses: { 202: CODE_SENT, 422: 'Неверный номер', 429: LIMITED },
  },
  {
    tag: 'auth',
    path: '/auth/email/change_pass_token/',
    method: 'post',
    summary: 'Код восстановления → одноразовый токен смены пароля (10 минут)',
    body: emailCodeBody,
    responses: {
      200: '{ token }',
      400: 'Неверный, использованный или устаревший код',
      422: 'Неверные данные',
      429: LIMITED,
    },
  },
  {
    tag: 'auth',
    path: '/auth/phone/change_pass_token/',
    method: 'post',
    summary: 'Код восстановления → одноразовый токен смены пароля (10 минут)',
    body: phoneCodeBody,
    responses: {
      200: '{ token }',
      400: 'Неверный, использованный или устаревший код',
      422: 'Неверные данные',
      429: LIMITED,
    },
  },
  {
    tag: 'auth',
    path: '/auth/email/change/',
    method: 'post',
    summary:
      'Смена e-mail (наш путь): без code — код на новый адрес после текущего пароля или свежей проверки кодом; с code — новый адрес, остальные сеансы завершаются',
    body: emailChangeBody,
    responses: {
      200: '{ status: "email_changed", endedSessions }',
      202: '{ status: "code_sent" }',
      400: 'Тот же адрес или неверный код',
      401: 'Нужен вход',
      403: 'Нужен текущий пароль или свежая проверка кодом',
      409: 'Адрес занят другим аккаунтом',
      422: 'Неверные данные',
      429: 'Слишком много попыток',
    },
  },
  {
    tag: 'auth',
    path: '/auth/phone/change/',
    method: 'post',
    summary: 'Смена или добавление телефона (наш путь), как смена e-mail, код — по SMS',
    body: phoneChangeBody,
    responses: {
      200: '{ status: "phone_changed", endedSessions }',
      202: '{ status: "code_sent" }',
      400: 'Тот же номер или неверный код',
      401: 'Нужен вход',
      403: 'Нужен текущий пароль или свежая проверка кодом',
      409: 'Номер занят другим аккаунтом',
      422: 'Неверные данные',
      429: 'Слишком много попыток',
    },
  },
  {
    tag: 'auth',
    path: '/auth/change_password/',
    method: 'post',
    summary:
      'Смена пароля: по токену восстановления (завершает все сеансы) или по текущему паролю (завершает остальные)',
    body: changePasswordBody,
    responses: {
      200: '{ status: "password_changed" }',
      400: 'Токен устарел или у аккаунта нет пароля',
      401: 'Нужен вход (для смены по текущему паролю)',
      403: 'Неверный текущий пароль',
      422: 'Неверные данные',
      429: 'Вход временно заблокирован',
    },
  },
  {
    tag: 'auth',
    path: '/auth/jwt/renew/',
    method: 'post',
    summary:
      'Новый токен доступа по cookie сеанса или по действующему токену (в том числе без hash)',
    responses: { 200: SIGNED_IN, 401: 'Сеанса нет или он завершён' },
  },
  {
    tag: 'auth',
    path: '/auth/account/',
    summary: 'Аккаунт: e-mail, телефон, привязки соцсетей',
    auth: true,
    responses: {
      200: '{ id, email, phone, hasPassword, billingId, createdAt, socials: { fb, vk, ok, ya, gp } }',
      401: 'Нужен вход',
    },
  },
  {
    tag: 'auth',
    path: '/auth/logout/',
    method: 'post',
    summary: 'Выход: завершает сеанс устройства и удаляет cookies; успешен и без входа',
    responses: { 200: '{ status: "logged_out" }' },
  },
  {
    tag: 'auth',
    path: '/auth/sessions/',
    summary: 'Устройства со входом в аккаунт',
    auth: true,
    responses: {
      200: '{ count, results: [{ id, deviceType, deviceName, country, createdAt, lastSeenAt, current }] }',
      401: 'Нужен вход',
    },
  },
  {
    tag: 'auth',
    path: '/auth/sessions/{id}/',
    method: 'delete',
    summary: 'Завершить сеанс устройства',
    params: { id: 'id сеанса' },
    auth: true,
    responses: {
      200: '{ status: "revoked" }',
      401: 'Нужен вход',
      404: 'Такого сеанса нет',
      422: 'Неверный id',
    },
  },
  {
    tag: 'auth',
    path: '/auth/sessions/revoke-others/',
    method: 'post',
    summary: 'Завершить все сеансы, кроме этого',
    auth: true,
    responses: { 200: '{ status: "revoked", endedSessions }', 401: 'Нужен вход' },
  },
  ...profileOperations(),
  ...socialOperations(),
  ...tvCodeOperations(),
  ...parentalOperations(),
];

/** Profiles of the account (spec sections 3, 4, 7); a kid profile may read and switch, not manage. */
function profileOperations(): Operation[] {
  const PROFILE = '{ id, name, isKid, avatar: { id, url }, ageLimit }';
  const base = { tag: 'profiles', auth: true } as const;
  const id = { id: 'id профиля' };
  return [
    {
      ...base,
      path: '/auth/users/',
      summary: 'Профили аккаунта',
      responses: { 200: `{ count, results: [${PROFILE} + current] }`, 401: 'Нужен вход' },
    },
    {
      ...base,
      path: '/auth/users/',
      method: 'post',
      summary: 'Создать профиль (взрослый или детский; не больше 5 в аккаунте)',
      body: createProfileBody,
      responses: {
        201: PROFILE,
        401: 'Нужен вход',
        403: 'Детский профиль не управляет профилями (kid_profile)',
        409: 'Уже 5 профилей (profile_limit)',
        422: 'Неверные данные',
      },
    },
    {
      ...base,
      path: '/auth/users/{id}',
      params: id,
      summary: 'Профиль (isKid)',
      responses: {
        200: PROFILE,
        401: 'Нужен вход',
        404: 'Чужой или неизвестный профиль',
        422: 'Неверный id',
      },
    },
    {
      ...base,
      path: '/auth/users/{id}/',
      method: 'patch',
      params: id,
      summary: 'Изменить имя, аватар или тип профиля',
      body: updateProfileBody,
      responses: {
        200: PROFILE,
        401: 'Нужен вход',
        403: 'Детский профиль не управляет профилями',
        404: 'Чужой или неизвестный профиль',
        409: 'Текущий профиль или последний взрослый нельзя сделать детским',
        422: 'Неверные данные',
      },
    },
    {
      ...base,
      path: '/auth/users/{id}/',
      method: 'delete',
      params: id,
      summary: 'Удалить профиль; устройства в нём выходят из аккаунта',
      responses: {
        200: '{ status: "deleted", id }',
        401: 'Нужен вход',
        403: 'Детский профиль не управляет профилями',
        404: 'Чужой или неизвестный профиль',
        409: 'Текущий профиль или последний взрослый',
        422: 'Неверный id',
      },
    },
    {
      ...base,
      path: '/auth/users/kids/availability',
      summary: 'Можно ли добавить детский профиль',
      responses: { 200: '{ available }', 401: 'Нужен вход' },
    },
    {
      ...base,
      path: '/auth/users/switch/',
      method: 'post',
      summary:
        'Переключить сеанс этого браузера на профиль аккаунта: новый токен и cookies; из детского во взрослый при включённом родительском контроле — с PIN-кодом',
      body: switchBody,
      responses: {
        200: `${SIGNED_IN}, profile`,
        401: 'Нужен вход',
        403: 'Нужен PIN-код (pin_required, pin_invalid)',
        404: 'Чужой или неизвестный профиль',
        422: 'Неверные данные',
        429: 'Ввод PIN-кода заблокирован (pin_locked)',
      },
    },
    {
      ...base,
      path: '/auth/v2/users/avatars/',
      summary: 'Аватары профилей',
      responses: {
        200: '{ count, results: [{ id, url, kind: "adult" | "kid" }] }',
        401: 'Нужен вход',
      },
    },
  ];
}

/** Social sign-in under /auth/socials/{provider}/ (OAuth 2 authorization code with state and PKCE S256). */
function socialOperations(): Operation[] {
  const params = { provider: 'vk | ok | ya | gp | fb' };
  const base = { tag: 'socials', params } as const;
  const p = (rest: string) => `/auth/socials/{provider}/${rest}`;
  const unknown = { 404: 'Неизвестный провайдер (unknown_provider)' };
  return [
    {
      ...base,
      path: p('sign-in'),
      summary:
        'Начать вход через соцсеть: state и PKCE сохраняются на сервере (10 минут, один раз), браузер уходит к провайдеру',
      query: z.object({
        backPath: z.string().optional().describe('Путь на сайте, куда вернуться после входа'),
      }),
      responses: {
        302: 'На страницу авторизации провайдера; при ошибке — на /auth?socialError=<reason>&social=<provider>',
        ...unknown,
      },
    },
    {
      ...base,
      path: p('check'),
      summary:
        'Адрес возврата от провайдера: обмен кода (с code_verifier), вход в привязанный аккаунт или создание нового (аккаунт, профиль, привязка, сеанс — одной транзакцией); при привязке — привязка к аккаунту',
      query: z.object({
        code: z.string().optional(),
        state: z.string(),
        error: z.string().optional(),
      }),
      responses: {
        302: 'На backPath с cookies сеанса; при ошибке — на /auth (или страницу привязки) с socialError=<reason>: state_invalid, cancelled, provider_error, email_required, email_taken, linked_elsewhere, already_bound, bind_session',
        ...unknown,
      },
    },
    {
      ...base,
      path: p('bind'),
      method: 'post',
      auth: true,
      summary:
        'Привязать соцсеть к аккаунту: начинает тот же поток, check привязывает вместо входа',
      body: socialBody,
      responses: {
        200: '{ authorizeUrl } (форма получает 303 на него)',
        401: 'Нужен вход',
        ...unknown,
        422: 'Неверные данные',
        429: LIMITED,
        503: 'Провайдер не настроен (provider_unavailable)',
      },
    },
    {
      ...base,
      path: p('unbind'),
      method: 'post',
      auth: true,
      summary:
        'Отвязать соцсеть, если это не единственный способ входа (нет пароля, телефона и других соцсетей)',
      body: socialBody,
      responses: {
        200: '{ status: "unbound", socials: { fb, vk, ok, ya, gp } } (форма получает 303)',
        401: 'Нужен вход',
        404: 'Провайдер неизвестен или не привязан (not_linked)',
        409: 'Единственный способ входа (last_method)',
        422: 'Неверные данные',
      },
    },
  ];
}

/** TV code: the OAuth device flow (RFC 8628) under /auth/tv_code/. */
function tvCodeOperations(): Operation[] {
  return [
    {
      tag: 'tv-code',
      path: '/auth/tv_code/',
      method: 'post',
      summary:
        'Пара кодов для входа на устройстве: device_code (секрет устройства) и user_code XXXX-XXXX (10 минут, опрос не чаще раза в 5 секунд)',
      responses: {
        200: '{ device_code, user_code, verification_uri, verification_uri_complete, expires_in: 600, interval: 5 }',
        429: LIMITED,
      },
    },
    {
      tag: 'tv-code',
      path: '/auth/tv_code/token',
      method: 'post',
      summary:
        'Опрос устройства: ждёт подтверждения или получает сеанс (cookies ставятся браузеру, который опрашивает)',
      body: tvTokenBody,
      responses: {
        200: SIGNED_IN,
        400: 'expired_token — код истёк; invalid_grant — код неизвестен или уже использован',
        422: 'Неверные данные',
        428: 'authorization_pending — код ещё не подтверждён (Retry-After: интервал)',
        429: 'slow_down — опрос чаще интервала; интервал вырос на 5 секунд (Retry-After)',
      },
    },
    {
      tag: 'tv-code',
      path: '/auth/tv_code/approve',
      method: 'post',
      auth: true,
      summary:
        'Подтвердить код с экрана устройства (страница /code); один раз, 10 попыток на аккаунт за 10 минут',
      body: tvApproveBody,
      responses: {
        200: '{ status: "approved", message }',
        401: 'Нужен вход',
        404: 'Код не найден, использован или истёк (tv_code_not_found)',
        422: 'Код не похож на код (8 латинских букв)',
        429: LIMITED,
      },
    },
  ];
}

/** Parental control under /auth/accounts/{id}/ (id: the session's own account, any other a 404). */
function parentalOperations(): Operation[] {
  const STATUS =
    '{ status: "Undefined" | "Enabled" | "Disabled", ageLimit: 12 | 16 | 18, pinEntered }';
  const base = { tag: 'parental', auth: true, params: { id: 'id аккаунта сеанса' } } as const;
  const common = {
    401: 'Нужен вход',
    404: 'Чужой или неизвестный аккаунт',
    422: 'Неверные данные',
  };
  const pinErrors = {
    403: 'Неверный PIN-код (pin_invalid, осталось попыток)',
    409: 'PIN-код не задан (pin_not_set)',
    429: 'Пять неверных PIN-кодов: ввод заблокирован на 15 минут (pin_locked, Retry-After)',
  };
  const codeErrors = { 400: 'Неверный, использованный или устаревший код', 429: LIMITED };
  const p = (rest: string) => `/auth/accounts/{id}/${rest}`;
  return [
    {
      ...base,
      path: p('parental-control'),
      summary: 'Статус родительского контроля и отметка о вводе PIN-кода в этом сеансе',
      responses: { 200: STATUS, ...common },
    },
    {
      ...base,
      path: p('parental-control/disable'),
      method: 'patch',
      summary:
        'Выключить: из Undefined без условий, из Enabled — с PIN-кодом или после verification/check (10 минут)',
      body: disableBody,
      responses: {
        200: STATUS,
        ...common,
        ...pinErrors,
        403: 'Нужен PIN-код или код подтверждения (verification_required, pin_invalid)',
      },
    },
    {
      ...base,
      path: p('pin-code/set'),
      method: 'post',
      summary: 'Первый PIN-код (4 цифры): включает контроль, PIN-код считается введённым',
      body: setPinBody,
      responses: { 201: STATUS, ...common, 409: 'PIN-код уже задан (pin_exists)' },
    },
    {
      ...base,
      path: p('pin-code/check'),
      method: 'post',
      summary: 'Проверка PIN-кода: при успехе отмечает ввод для сеанса на 4 часа',
      body: checkPinBody,
      responses: {
        200: '{ status: "entered", pinEntered: true, expiresAt }',
        ...common,
        ...pinErrors,
      },
    },
    {
      ...base,
      path: p('pin-code/entry'),
      method: 'delete',
      summary: 'Забыть ввод PIN-кода этого сеанса (закрыта последняя вкладка)',
      responses: { 200: '{ status: "not_entered" }', ...common },
    },
    {
      ...base,
      path: p('pin-code/change'),
      method: 'post',
      summary: 'Смена PIN-кода по текущему; другие сеансы вводят новый',
      body: changePinBody,
      responses: { 200: STATUS, ...common, ...pinErrors },
    },
    {
      ...base,
      path: p('pin-code/reset'),
      method: 'post',
      summary: 'Код восстановления PIN-кода на e-mail или по SMS',
      body: sendCodeBody,
      responses: {
        202: '{ status: "code_sent", channel, to }',
        ...common,
        409: 'PIN-код не задан',
        429: LIMITED,
      },
    },
    {
      ...base,
      path: p('pin-code/reset/change'),
      method: 'post',
      summary: 'Новый PIN-код по коду восстановления; снимает блокировку',
      body: resetChangeBody,
      responses: { 200: STATUS, ...common, ...codeErrors, 409: 'PIN-код не задан' },
    },
    {
      ...base,
      path: p('parental-control/show-settings'),
      summary: 'Возрастное ограничение: контент с ним и выше требует PIN-код',
      responses: { 200: '{ status, ageLimit }', ...common },
    },
    {
      ...base,
      path: p('parental-control/show-settings'),
      method: 'patch',
      summary:
        'Изменить возрастное ограничение (PIN-код сейчас, введённый в сеансе или свежее подтверждение)',
      body: showSettingsBody,
      responses: {
        200: '{ status, ageLimit }',
        ...common,
        ...pinErrors,
        403: 'Нужен PIN-код (pin_required, pin_invalid)',
      },
    },
    {
      ...base,
      path: p('verification/send'),
      method: 'post',
      summary: 'Код подтверждения на e-mail или по SMS',
      body: sendCodeBody,
      responses: { 202: '{ status: "code_sent", channel, to }', ...common, 429: LIMITED },
    },
    {
      ...base,
      path: p('verification/check'),
      method: 'post',
      summary:
        'Проверка кода подтверждения: 10 минут можно выключить контроль или сменить ограничение',
      body: verificationCheckBody,
      responses: { 200: '{ status: "verified", expiresAt }', ...common, ...codeErrors },
    },
  ];
}

const errorEnvelope = z.object({
  message: z.string().describe('Текст для пользователя, по-русски'),
  details: z.object({
    reason: z
      .string()
      .describe('400 invalid_json/malformed_body: не прочитать; 422 invalid_field: неверное поле'),
    field: z.string().optional().describe('Первое неверное поле (путь: email, items.0.id)'),
    fields: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Все неверные поля, у каждого своё сообщение'),
  }),
});

function parameters(op: Operation) {
  const json =
    op.query &&
    (z.toJSONSchema(op.query, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, object>;
      required?: string[];
    });
  const query = Object.entries(json?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: Boolean(json?.required?.includes(name)),
    schema,
  }));
  const path = Object.entries(op.params ?? {}).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string' },
  }));
  return [...path, ...query];
}

const GET_RESPONSES = { 200: 'OK', 404: 'Не найдено', 422: 'Неверные параметры' };
const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

function responses(op: Operation) {
  return Object.fromEntries(
    Object.entries(op.responses ?? GET_RESPONSES).map(([status, description]) => [
      status,
      Number(status) >= 400 ? { description, content: errorContent } : { description },
    ]),
  );
}

/** The OpenAPI document. */
export function openApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path][op.method ?? 'get'] = {
      tags: [op.tag],
      summary: op.summary,
      parameters: parameters(op),
      ...(op.body && {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }),
            },
          },
        },
      }),
      ...(op.auth && { security: [{ bearer: [] }, { session: [] }] }),
      responses: responses(op),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Амедиатека API',
      version: '1.0.0',
      description:
        'Каталог, флаги, аккаунты и служебные данные. Ошибки — в едином конверте { message, details: { reason } }.',
    },
    paths,
    components: {
      schemas: { Error: z.toJSONSchema(errorEnvelope) },
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
  };
}

export const openApiRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(openApiDocument());
});
