import { z } from 'zod';
import './zod-messages.ts';
import { AGE_RATINGS } from '../shared/catalogue.ts';
import { pageQuery } from './pagination.ts';

/** Shared input schemas of the API (query and path parameters). */
export const slug = z.string().regex(/^[a-z0-9-]{1,64}$/);
export const idParam = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);

/** A number as a client writes one in a URL: digits, maybe a sign and a fraction. */
export const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Whether a field is read with `z.coerce.number()` (maybe optional, defaulted or refined). */
export function isCoercedNumber(schema: unknown): boolean {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def) return false;
  if (def.type === 'number') return def.coerce === true;
  if (def.innerType) return isCoercedNumber(def.innerType);
  return def.type === 'pipe' && isCoercedNumber(def.in);
}

/**
 * A query parameter, path segment or form field of a page read with the API's own schema: its
 * value, or null when the schema refuses it. A number must be written in decimal digits, as
 * `validate` asks of the API's query and path numbers (`0x1F` or `1e1` name nothing).
 * @example paramOf(idParam, url.searchParams.get('contentId')) // 42, or null for '0', 'abc', '1e1'
 */
export function paramOf<T extends z.ZodType>(schema: T, value: unknown): z.output<T> | null {
  if (typeof value === 'string' && value !== '' && !DECIMAL.test(value) && isCoercedNumber(schema))
    return null;
  const parsed = schema.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : null;
}

/** The age limit a client asks for (0, 6, 12, 16 or 18); kid profiles are capped anyway. */
export const age = z.coerce
  .number()
  .int()
  .refine((a) => (AGE_RATINGS as readonly number[]).includes(a), {
    message: 'Возрастное ограничение может быть 0, 6, 12, 16 или 18',
  })
  .optional();
export const ageQuery = z.object({ age });
/** A page of a list with the client's age limit (product content, a collection's content). */
export const pagedAgeQuery = pageQuery.extend(ageQuery.shape);

const count = z.number().int();

/**
 * The spec's list shape (docs/product.md, «How the site talks to the API»): count, next, previous
 * (absolute URLs), results. An answer schema, for the domains' answers and the OpenAPI document.
 * @example pagedOf(card) // the answer of `GET /cms/content/movies/`
 */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count,
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

/**
 * A list answered whole, without pages.
 * @example resultsOf(card) // `{ results: [...] }`
 */
export const resultsOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
