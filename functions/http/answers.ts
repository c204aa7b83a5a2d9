/**
 * The answers that belong to no one domain, for the OpenAPI document (api-doc.ts): the list
 * wrappers, a bare status and images. A domain's own answers live in its `schemas.ts`, beside its
 * requests, and its types are inferred from them.
 */
import { z } from 'zod';

export { pagedOf as paged, resultsOf as results } from '../lib/schemas.ts';

export const status = <S extends string>(value: S) => z.object({ status: z.literal(value) });

export const svg = { description: 'SVG', schema: z.string(), type: 'image/svg+xml' };
export const image = {
  description: 'WebP (растровые картинки) или SVG (рисованные)',
  schema: z.string(),
  type: 'image/*',
};
