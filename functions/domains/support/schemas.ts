import { z } from 'zod';
import { SUPPORT_SUBJECTS, type SupportSubject } from './texts.ts';

/** A support request as the popup and the /settings/support form send it. */
export const supportRequestBody = z.object({
  subject: z.enum(Object.keys(SUPPORT_SUBJECTS) as [SupportSubject, ...SupportSubject[]]),
  message: z.string().trim().min(10).max(4000),
  email: z.email().max(254),
  /** The page the visitor wrote from (a path on this site), for the support desk. */
  page: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/)
    .optional(),
});
export type SupportRequestBody = z.infer<typeof supportRequestBody>;

/** The answer of a stored request: its number and what to tell the visitor. */
export const supportRequest = z.object({ id: z.number().int(), message: z.string() });
