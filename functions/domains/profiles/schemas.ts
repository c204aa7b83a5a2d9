import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { pin } from '../parental/index.ts';
import { isAvatarId } from './avatars.ts';
import { profileTexts } from './texts.ts';

/** Request schemas of the profiles API; the OpenAPI document is generated from them. */

/** 1–40 characters after trimming (the profiles.name CHECK), inner runs of spaces folded. */
const profileName = z
  .string({ message: profileTexts.nameRequired })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, profileTexts.nameRequired).max(40, profileTexts.nameTooLong));

const avatarId = z
  .number({ message: profileTexts.avatarUnknown })
  .int(profileTexts.avatarUnknown)
  .refine(isAvatarId, profileTexts.avatarUnknown);

export const createProfileBody = z.object({
  name: profileName,
  isKid: z.boolean().default(false),
  avatarId: avatarId.optional(),
});

export const updateProfileBody = z
  .object({
    name: profileName.optional(),
    isKid: z.boolean().optional(),
    avatarId: avatarId.optional(),
  })
  .refine(
    (b) => b.name !== undefined || b.isKid !== undefined || b.avatarId !== undefined,
    profileTexts.nothingToChange,
  );

export const profileParam = z.object({
  id: z.coerce
    .number({ message: profileTexts.notFound })
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

export const switchBody = z.object({
  userId: z
    .number({ message: profileTexts.userIdInvalid })
    .int(profileTexts.userIdInvalid)
    .positive(profileTexts.userIdInvalid),
  /** The PIN, when parental control asks for it on a kid → adult switch (functions/api/parental/guard.ts). */
  pin: pin.optional(),
});

export type CreateProfile = z.infer<typeof createProfileBody>;
export type UpdateProfile = z.infer<typeof updateProfileBody>;
