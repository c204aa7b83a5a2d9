/**
 * Profile avatars: a fixed set of 16 generated SVG pictures (8 for adults, 8 for kids), a pure
 * function of the id, so no image files are stored and nothing comes from another host.
 */
import { hash32 } from '../../lib/hash.ts';
import type { Avatar } from './schemas.ts';

type AvatarKind = Avatar['kind'];

/** Ids 1–8 are adult avatars, 9–16 kid avatars. */
export const AVATAR_COUNT = 16;
const KID_FROM = 9;

/** Bump when the drawing changes: every avatar URL changes with it, so immutable caching stays right. */
const DRAWING_VERSION = 1;

const ADULT_SHAPES = [
  'circle',
  'diamond',
  'ring',
  'bars',
  'wave',
  'triangle',
  'dots',
  'hex',
] as const;
const KID_FACES = ['fox', 'bear', 'cat', 'frog', 'owl', 'bunny', 'panda', 'chick'] as const;

const avatarKind = (id: number): AvatarKind => (id >= KID_FROM ? 'kid' : 'adult');
export const isAvatarId = (id: number): boolean =>
  Number.isInteger(id) && id >= 1 && id <= AVATAR_COUNT;

/**
 * The versioned URL of an avatar.
 * @example avatarUrl(3) // '/media/art/avatar/3.svg?v=…'
 */
function avatarUrl(id: number): string {
  return `/media/art/avatar/${id}.svg?v=${avatarVersion(id)}`;
}

export function avatarVersion(id: number): string {
  return hash32(`avatar:${id}:${DRAWING_VERSION}`).toString(36);
}

export const AVATARS: readonly Avatar[] = Array.from({ length: AVATAR_COUNT }, (_, i) => ({
  id: i + 1,
  url: avatarUrl(i + 1),
  kind: avatarKind(i + 1),
}));

/**
 * The avatar a new profile gets when none is chosen: the kind's avatars in turn, by how many
 * profiles the account already has.
 * @example defaultAvatar(true, 0) // 9
 */
function defaultAvatar(isKid: boolean, existing: number): number {
  return (isKid ? KID_FROM : 1) + (existing % 8);
}

/** The avatar of a profile row: its own, or the kind's first when none is set. */
export function avatarOf(id: number | null, isKid: boolean): { id: number; url: string } {
  const chosen = id !== null && isAvatarId(id) ? id : defaultAvatar(isKid, 0);
  return { id: chosen, url: avatarUrl(chosen) };
}

function adultShape(shape: (typeof ADULT_SHAPES)[number]): string {
  const w = 'fill="#fff" fill-opacity="0.9"';
  switch (shape) {
    case 'circle':
      return `<circle cx="64" cy="64" r="28" ${w}/>`;
    case 'diamond':
      return `<path d="M64 30 98 64 64 98 30 64Z" ${w}/>`;
    case 'ring':
      return `<circle cx="64" cy="64" r="26" fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="12"/>`;
    case 'bars':
      return `<rect x="34" y="40" width="14" height="48" rx="4" ${w}/><rect x="57" y="30" width="14" height="68" rx="4" ${w}/><rect x="80" y="48" width="14" height="40" rx="4" ${w}/>`;
    case 'wave':
      return `<path d="M26 70q19-26 38 0t38 0" fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="12" stroke-linecap="round"/>`;
    case 'triangle':
      return `<path d="M64 30 98 92H30Z" ${w}/>`;
    case 'dots':
      return [40, 64, 88]
        .flatMap((x) => [40, 64, 88].map((y) => `<circle cx="${x}" cy="${y}" r="7" ${w}/>`))
        .join('');
    case 'hex':
      return `<path d="M64 30 94 47v34L64 98 34 81V47Z" ${w}/>`;
  }
}

function kidFace(face: (typeof KID_FACES)[number]): string {
  const ears: Record<(typeof KID_FACES)[number], string> = {
    fox: '<path d="M34 30 50 52 30 58Z M94 30 78 52 98 58Z" fill="#fff"/>',
    bear: '<circle cx="38" cy="40" r="12" fill="#fff"/><circle cx="90" cy="40" r="12" fill="#fff"/>',
    cat: '<path d="M36 28 52 50 32 54Z M92 28 76 50 96 54Z" fill="#fff"/>',
    frog: '<circle cx="46" cy="40" r="14" fill="#fff"/><circle cx="82" cy="40" r="14" fill="#fff"/>',
    owl: '<path d="M34 34 48 46 M94 34 80 46" stroke="#fff" stroke-width="8" stroke-linecap="round"/>',
    bunny:
      '<rect x="42" y="14" width="14" height="40" rx="7" fill="#fff"/><rect x="72" y="14" width="14" height="40" rx="7" fill="#fff"/>',
    panda:
      '<circle cx="38" cy="40" r="12" fill="#222"/><circle cx="90" cy="40" r="12" fill="#222"/>',
    chick:
      '<path d="M58 28q6-12 12 0" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  };
  return `${ears[face]}<circle cx="64" cy="70" r="32" fill="#fff"/><circle cx="52" cy="66" r="5" fill="#222"/><circle cx="76" cy="66" r="5" fill="#222"/><path d="M54 82q10 8 20 0" fill="none" stroke="#222" stroke-width="4" stroke-linecap="round"/>`;
}

/**
 * The SVG of an avatar: a coloured disc with a shape (adult) or an animal face (kid). Decorative:
 * the page names the profile next to it.
 * @example renderAvatar(9).startsWith('<svg')
 */
export function renderAvatar(id: number): string {
  const seed = hash32(`avatar:${id}`);
  const hue = (id * 47 + (seed % 20)) % 360;
  const kid = avatarKind(id) === 'kid';
  const art = kid
    ? kidFace(KID_FACES[(id - KID_FROM) % KID_FACES.length]!)
    : adultShape(ADULT_SHAPES[(id - 1) % ADULT_SHAPES.length]!);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" aria-hidden="true">` +
    `<defs><linearGradient id="av${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} ${kid ? 80 : 60}% ${kid ? 55 : 45}%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 70% 25%)"/></linearGradient></defs>` +
    `<circle cx="64" cy="64" r="64" fill="url(#av${id})"/>${art}</svg>`
  );
}
