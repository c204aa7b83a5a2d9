/** The pure rules of /settings/profiles' island: which dialog, what a card says, what a form sends. */
import { MAX_PROFILES } from '../../../../functions/shared/constants.ts';
import { profilesTexts as t } from '../texts.ts';

/** The dialog open on the page, if any: a new profile (adult or kid), or one profile's edit, removal or PIN. */
export type ProfileDialog =
  | { kind: 'create'; isKid: boolean }
  | { kind: 'edit'; id: number }
  | { kind: 'delete'; id: number }
  | { kind: 'pin'; id: number }
  | null;

/**
 * The profile a dialog is about (the store's selected profile); none for a new one.
 * @example dialogProfile({ kind: 'edit', id: 7 }) // 7
 */
export const dialogProfile = (dialog: ProfileDialog): number | null =>
  dialog && 'id' in dialog ? dialog.id : null;

/**
 * Whether the account holds all the profiles it may: no more can be added.
 * @example isFull([a, b, c, d, e]) // true
 */
export const isFull = (profiles: readonly unknown[]): boolean => profiles.length >= MAX_PROFILES;

/**
 * The line under a profile's name: kid, current, both or neither.
 * @example profileLine(true, true) // 'Детский · Текущий профиль'
 */
export const profileLine = (isKid: boolean, current: boolean): string =>
  [isKid && t.kidBadge, current && t.current].filter(Boolean).join(' · ');

/** What the create and edit forms send. */
export interface ProfileFormValues {
  name: string;
  isKid: boolean;
  avatarId?: number;
}

/**
 * The profile form's values: the kid flag stays as it was where it may not change (the current
 * profile), and no avatar chosen sends none.
 * @example profileFormValues(new FormData(form), { isKid: false }) // { name: 'Маша', isKid: true, avatarId: 11 }
 */
export function profileFormValues(
  form: FormData,
  initial: { isKid: boolean },
  kidLocked = false,
): ProfileFormValues {
  const avatar = Number(form.get('avatar'));
  return {
    name: String(form.get('name') ?? ''),
    isKid: kidLocked ? initial.isKid : form.get('isKid') === 'on',
    ...(avatar > 0 && { avatarId: avatar }),
  };
}
