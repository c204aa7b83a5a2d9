import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { authSchemas } from '../auth/index.ts';
import { pin } from '../parental/index.ts';
import { isAvatarId } from './avatars.ts';
import { profileTexts } from './texts.ts';

/**
 * Request and answer schemas of the profiles API: the routes validate with them, the OpenAPI
 * document is generated from them and the profile types are inferred from them.
 */

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
  /** The PIN, when parental control asks for it on a kid → adult switch (the parental domain's guard). */
  pin: pin.optional(),
});

const int = z.number().int();

/** One of the fixed pictures (avatars.ts): 1–8 for adults, 9–16 for kids. */
export const avatar = z.object({ id: int, url: z.string(), kind: z.enum(['adult', 'kid']) });

/** A profile as the API answers it (docs/product.md, «What we keep»: users/{id} with isKid). */
export const profile = z.object({
  id: int,
  name: z.string(),
  isKid: z.boolean(),
  avatar: avatar.pick({ id: true, url: true }),
  ageLimit: int.nullable(),
});

/** A profile in the account's list: the one this session is in is `current`. */
export const listedProfile = profile.extend({ current: z.boolean() });

export const profiles = z.object({ count: int, results: z.array(listedProfile) });
export const avatars = z.object({ count: int, results: z.array(avatar) });
export const kidsAvailability = z.object({ available: z.boolean() });
export const deleted = z.object({ status: z.literal('deleted'), id: int });
/** A profile switch: a sign-in into another profile of the account. */
export const switched = authSchemas.signedIn.extend({ profile });

export type CreateProfile = z.infer<typeof createProfileBody>;
export type UpdateProfile = z.infer<typeof updateProfileBody>;
export type Avatar = z.infer<typeof avatar>;
export type Profile = z.infer<typeof profile>;
export type ListedProfile = z.infer<typeof listedProfile>;
