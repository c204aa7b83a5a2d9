import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { RASTER_KINDS } from '../../shared/art.ts';
import { ART_KINDS } from './art.ts';

/** Request schemas of the pictures under `/media/art/…` (their answers are images, not JSON). */

/** `?v=`: the picture's version; the current one makes the answer cacheable for good. */
export const versionQuery = z.object({
  v: z
    .string()
    .regex(/^[0-9a-z]{1,8}$/)
    .optional(),
});

/** `{file}` of a profile avatar: `1.svg` to `99.svg` (those past the set are a 404). */
export const avatarParam = z.object({ file: z.string().regex(/^[1-9][0-9]?\.svg$/) });

/** A raster picture in one width (`{id}-{width}.webp`), or a drawn one (`{id|default}.svg`). */
export const artParam = z.union([
  z.object({
    kind: z.enum(RASTER_KINDS),
    file: z.string().regex(/^[1-9][0-9]{0,9}-[0-9]{2,4}\.webp$/),
  }),
  z.object({
    kind: z.enum(ART_KINDS),
    file: z.string().regex(/^(default|[1-9][0-9]{0,9})\.svg$/),
  }),
]);
