import { z } from 'zod';
import '../../lib/zod-messages.ts';

/**
 * Request and answer schemas of social sign-in: the routes validate with them, the OpenAPI
 * document is generated from them and the answer types are inferred from them.
 */

/** The social links of an account (docs/product.md, «What we keep»: fb, vk, ok, ya, gp). */
export const socials = z.object({
  fb: z.boolean(),
  vk: z.boolean(),
  ok: z.boolean(),
  ya: z.boolean(),
  gp: z.boolean(),
});

/** A sign-in or link start posted by a form or by a script. */
export const socialBody = z.object({ backPath: z.string().max(2000).optional() });

export const signInQuery = z.object({
  backPath: z.string().optional().describe('Путь на сайте, куда вернуться после входа'),
});

/** The provider's redirect back: the code and state, or its error. */
export const checkQuery = z.object({
  code: z.string().optional(),
  state: z.string(),
  error: z.string().optional(),
});

export const authorizeUrl = z.object({ authorizeUrl: z.string() });
export const unbound = z.object({ status: z.literal('unbound'), socials });

export type Socials = z.infer<typeof socials>;
export type SocialBody = z.infer<typeof socialBody>;
