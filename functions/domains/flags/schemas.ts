import { z } from 'zod';
import '../../lib/zod-messages.ts';

/** The flag lookup's request and answer schemas (`GET /api/client/features/{name}`). */

export const flagParam = z.object({ name: z.string().regex(/^[a-z0-9-]{1,64}$/) });

export const flag = z.object({ name: z.string(), value: z.boolean() });
