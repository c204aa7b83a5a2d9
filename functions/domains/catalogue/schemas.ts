import { z } from 'zod';
import { pageQuery } from '../../lib/pagination.ts';
import { age, slug } from '../../lib/schemas.ts';
import { PARTNERS } from '../../shared/catalogue.ts';
import { SORTS } from './content.repo.ts';

/** The filters, sort and page of a catalogue list: the API's list query and the section pages'. */
export const listQuery = pageQuery.extend({
  genre: slug.optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase())
    .optional(),
  studio: slug.optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  decade: z.coerce.number().int().min(1900).max(2100).multipleOf(10).optional(),
  age,
  sort: z.enum(SORTS).default('popular'),
  partner: z.enum(PARTNERS).optional(),
});
