import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { type ZodType, z } from 'zod';
import { envelope } from './errors.ts';
import { texts } from './texts.ts';

// zod speaks Russian: every validation message a user sees comes from its Russian locale.
z.config(z.locales.ru());

/**
 * zod validation for a Hono route; a bad input answers 422 with the error envelope,
 * the first issue's Russian message and the field path as the reason. The schema is registered on
 * the middleware, so the OpenAPI document lists it as the route's parameters or body.
 * @example app.get('/x', validate('query', z.object({ page: z.coerce.number() })), handler)
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const middleware = zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') || target;
      const message = issue ? `${field}: ${issue.message}` : texts.validation;
      return c.json(envelope(message, `invalid_${target}`), 422);
    }
  });
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}
