import { describe, expect, it } from 'vitest';
import { dialogProfile, isFull, profileFormValues, profileLine } from './logic.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe('the profiles page’s rules', () => {
  it('selects the profile a dialog is about, and none for a new one', () => {
    expect(dialogProfile({ kind: 'edit', id: 7 })).toBe(7);
    expect(dialogProfile({ kind: 'delete', id: 8 })).toBe(8);
    expect(dialogProfile({ kind: 'pin', id: 9 })).toBe(9);
    expect(dialogProfile({ kind: 'create', isKid: true })).toBeNull();
    expect(dialogProfile(null)).toBeNull();
  });

  it('allows five profiles, no more', () => {
    expect(isFull([1, 2, 3, 4])).toBe(false);
    expect(isFull([1, 2, 3, 4, 5])).toBe(true);
  });

  it('says under a name whether the profile is a kid’s and whether it is the current one', () => {
    expect(profileLine(false, false)).toBe('');
    expect(profileLine(true, false)).toBe('Детский');
    expect(profileLine(false, true)).toBe('Текущий профиль');
    expect(profileLine(true, true)).toBe('Детский · Текущий профиль');
  });

  it('sends the name, the kid flag and the avatar chosen, and no avatar when none is', () => {
    expect(
      profileFormValues(form({ name: 'Маша', isKid: 'on', avatar: '11' }), { isKid: false }),
    ).toEqual({
      name: 'Маша',
      isKid: true,
      avatarId: 11,
    });
    expect(profileFormValues(form({ name: 'Папа' }), { isKid: true })).toEqual({
      name: 'Папа',
      isKid: false,
    });
  });

  it('keeps the kid flag of the current profile, whatever the form says', () => {
    expect(profileFormValues(form({ name: 'Маша' }), { isKid: true }, true)).toMatchObject({
      isKid: true,
    });
    expect(
      profileFormValues(form({ name: 'Папа', isKid: 'on' }), { isKid: false }, true),
    ).toMatchObject({
      isKid: false,
    });
  });
});
