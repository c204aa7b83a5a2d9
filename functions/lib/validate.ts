import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { type ZodType, z } from 'zod';
import { texts } from '../shared/texts.ts';
import { envelope, type FieldError } from './errors.ts';
import { DECIMAL, isCoercedNumber } from './schemas.ts';
import './zod-messages.ts';

/** Reasons of a request that could not be read at all (400), by where it was. */
const UNREADABLE: Partial<Record<keyof ValidationTargets, string>> = {
  json: 'invalid_json',
  form: 'malformed_body',
};

/** Reasons of a readable request with a wrong field (422): a body's field, or the query's, path's. */
const invalidReason = (target: keyof ValidationTargets) =>
  target === 'json' || target === 'form' ? 'invalid_field' : `invalid_${target}`;

const isBody = (target: keyof ValidationTargets) => target === 'json' || target === 'form';

/** Every wrong field once, with its first message: a form can mark each of them. */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/**
 * `z.coerce.number()` takes whatever `Number()` takes: `0x1F`, `1e1`, ` 7` would name title 31,
 * page 10, page 7. A query or path number must be written in decimal digits, or it is refused
 * like any other non-number.
 */
function decimalNumbersOnly<T extends ZodType>(schema: T): T {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } })._zod?.def
    ?.shape;
  const keys = Object.keys(shape ?? {}).filter((k) => isCoercedNumber(shape![k]));
  if (keys.length === 0) return schema;
  return z.preprocess((input) => {
    if (!input || typeof input !== 'object') return input;
    const out: Record<string, unknown> = { ...input };
    for (const k of keys) {
      const value = out[k];
      if (typeof value === 'string' && value !== '' && !DECIMAL.test(value)) out[k] = 'NaN';
    }
    return out;
  }, schema) as unknown as T;
}

/**
 * zod validation for a Hono route. A request that cannot be read (broken JSON, a body that is not a
 * JSON object, a JSON body sent as something else) answers 400 `invalid_json`/`malformed_body`; a
 * readable one with a wrong field answers 422 `invalid_field` (`invalid_query`, `invalid_param`)
 * with the first field's Russian message and every wrong field in `details.fields`.
 * The schema is registered on the middleware, so the OpenAPI document lists it as the route's
 * parameters or body.
 * @example app.get('/x', validate('query', z.object({ page: z.coerce.number() })), handler)
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const checked = target === 'query' || target === 'param' ? decimalNumbersOnly(schema) : schema;
  const inner = zValidator(target, checked, (result, c) => {
    if (result.success) return;
    const issues = result.error.issues;
    const unreadable =
      isBody(target) && issues.some((i) => i.path.length === 0 && i.code === 'invalid_type');
    if (unreadable)
      return c.json(envelope(texts.unreadableBody, UNREADABLE[target] ?? 'malformed_body'), 400);
    const fields = fieldErrors(issues);
    const first = fields[0];
    return c.json(
      envelope(first?.message ?? texts.validation, invalidReason(target), {
        field: first?.field ?? '',
        fields,
      }),
      422,
    );
  });
  // hono's validator throws a bare 400 for a body it cannot parse; give it the envelope and a
  // reason. Only what is thrown before the handler runs is the body's fault.
  const middleware: typeof inner = async (c, next) => {
    let handled = false;
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (target === 'json' && !/^application\/([\w.-]+\+)?json$/.test(mediaType)) {
      const body = c.req.raw.body ? await c.req.text() : '';
      if (body !== '') return c.json(envelope(texts.unreadableBody, 'malformed_body'), 400);
    }
    try {
      return await inner(c, async () => {
        handled = true;
        await next();
      });
    } catch (e) {
      if (handled || !(e instanceof HTTPException) || e.status !== 400) throw e;
      return c.json(envelope(texts.unreadableBody, UNREADABLE[target] ?? 'malformed_body'), 400);
    }
  };
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}
