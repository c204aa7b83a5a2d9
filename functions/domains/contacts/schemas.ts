import { z } from 'zod';
import { socialSchemas } from '../social/index.ts';

/**
 * Answer schemas of the account's own page in the API: the routes document them and the answer
 * types are inferred from them.
 */

const int = z.number().int();

/** The account as its owner sees it, with its social links. */
export const account = z.object({
  id: int,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hasPassword: z.boolean(),
  billingId: z.string(),
  createdAt: int,
  socials: socialSchemas.socials,
});

export const contactChanged = (kind: 'email' | 'phone') =>
  z.object({
    status: z.literal(`${kind}_changed`),
    signedOut: z.literal('others'),
    endedSessions: int,
  });

export type AccountAnswer = z.infer<typeof account>;
