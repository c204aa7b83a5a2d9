import { describeRoute, type ResponsesWithResolver, resolver } from 'hono-openapi';
import { type ZodObject, type ZodType, z } from 'zod';

/** Error statuses a route states itself; 400 (body), 403 (CSRF), 413 and 422 are added by openapi.ts. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 428 | 429 | 503;

/** A 2xx or 3xx answer: a JSON schema, or a description with a schema of another media type. */
type Answer = ZodType | { description: string; schema?: ZodType; type?: string };

export interface RouteDoc {
  tag: string;
  summary: string;
  /** What the route answers when it succeeds, by status: at least one 2xx with a schema. */
  answers: Partial<Record<200 | 201 | 202 | 204 | 302 | 303, Answer>>;
  /** The errors the handler (or the domain it calls) can give, with what they mean here. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Needs a live session: Bearer token, `token` cookie or the HttpOnly `session` cookie (401). */
  auth?: boolean;
  /** Sends an e-mail or SMS: a gateway that cannot take it now is a 503. */
  sends?: boolean;
  /** Input the handler reads itself, without `validate()` (which documents its own). */
  query?: ZodObject;
  body?: ZodType;
}

/** Error meanings shared by many routes. */
export const LIMITED = 'Слишком много запросов или попыток (Retry-After)';
export const BAD_CODE = 'Неверный, использованный или устаревший код';
export const INVALID = 'Неверные данные';
/** The access module's refusal (403): the reason says which rule. */
export const REFUSED = 'Не для этого зрителя: region_restricted, kid_profile, age_restricted';

/** The access module's refusal of the account's money to a kid profile (403, `assertMayPay`). */
export const KID_MONEY =
  'Детский профиль: покупки, подписки и чеки только во взрослом (kid_profile)';

/** The one error envelope of the API; `details` may carry more than the reason (attempts left…). */
export const errorEnvelope = z.object({
  message: z.string().describe('Текст для пользователя, по-русски'),
  details: z.looseObject({
    reason: z
      .string()
      .describe(
        'Машинный код ошибки; 400 invalid_json/malformed_body: не прочитать; 422 invalid_field: неверное поле',
      ),
    field: z.string().optional().describe('Первое неверное поле (путь: email, items.0.id)'),
    fields: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Все неверные поля, у каждого своё сообщение'),
  }),
});

export const ERROR_CONTENT = {
  'application/json': { schema: { $ref: '#/components/schemas/Error' } },
} as const;

const DEFAULT_DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Создано',
  202: 'Принято',
  204: 'Без содержимого',
};
const NEEDS_SIGN_IN = 'Нужен вход';
const NOT_SENT = 'Сообщение сейчас не отправить, попробуйте позже (delivery_unavailable)';

function answer(status: number, a: Answer) {
  const { description, schema, type } =
    a instanceof z.ZodType ? { description: undefined, schema: a, type: undefined } : a;
  return {
    description: description ?? a.description ?? DEFAULT_DESCRIPTIONS[status] ?? '',
    ...(schema && {
      content: {
        [type ?? 'application/json']: {
          schema: resolver(schema, { options: { io: 'output' } }),
        },
      },
    }),
  };
}

function queryParameters(query: ZodObject) {
  const json = z.toJSONSchema(query, { io: 'input' }) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query' as const,
    required: Boolean(json.required?.includes(name)),
    ...(schema.description && { description: schema.description }),
    schema,
  }));
}

/**
 * The route's entry in the OpenAPI document (`GET /api/openapi.json`), registered as a pass-through
 * route of the same method and path just before the route itself, so the route's own line (and
 * its handler) stays as it is. Request schemas come from the route's `validate()` calls.
 * @example
 * .get('/x', apiDoc({ tag: 'x', summary: 'Икс', answers: { 200: xSchema } }))
 * .get('/x', validate('query', xQuery), handler)
 */
export function apiDoc(doc: RouteDoc) {
  const errors: Partial<Record<number, string>> = {
    ...(doc.auth && { 401: NEEDS_SIGN_IN }),
    ...(doc.sends && { 503: NOT_SENT }),
    ...doc.errors,
  };
  const responses: ResponsesWithResolver = {};
  for (const [status, a] of Object.entries(doc.answers))
    responses[status] = answer(Number(status), a as Answer);
  for (const [status, description] of Object.entries(errors))
    if (description) responses[status] = { description, content: ERROR_CONTENT };
  return describeRoute({
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.query && { parameters: queryParameters(doc.query) }),
    ...(doc.body && {
      requestBody: {
        content: {
          'application/json': { schema: resolver(doc.body) },
          'application/x-www-form-urlencoded': { schema: resolver(doc.body) },
        },
      },
    }),
    ...(doc.auth && { security: [{ bearer: [] }, { session: [] }] }),
    responses,
  });
}
