/**
 * Drawn art, a pure function of the subject: channel logos, and the stand-ins for title art
 * (the raster pictures `npm run media` makes, functions/shared/art.ts) when those are missing.
 */
import { hash32 } from '../../lib/hash.ts';
import { escapeXml } from '../../lib/markup.ts';

export const ART_KINDS = ['poster', 'background', 'channel'] as const;
export type ArtKind = (typeof ART_KINDS)[number];

/** What a picture shows: `caption` is the small tag (year and type) over the name. */
export interface ArtSubject {
  id: number | 'default';
  name: string;
  caption: string;
}

const SIZES: Record<Exclude<ArtKind, 'channel'>, { width: number; height: number }> = {
  poster: { width: 480, height: 720 },
  background: { width: 1280, height: 720 },
};

const FONT = "'Inter', 'Helvetica Neue', Arial, sans-serif";

/** Changes every URL when the drawing changes (immutable caching stays right). */
const DESIGN = 2;

/**
 * A short stamp of what the art shows; URLs carry it so a renamed title gets a new URL and
 * immutable caching stays correct.
 * @example artVersion({ id: 7, name: 'Тёмный город', caption: '2024 · Фильм' }) // '…' (base 36)
 */
export function artVersion(subject: ArtSubject): string {
  return hash32(`${DESIGN}\n${subject.name}\n${subject.caption}`).toString(36);
}

/**
 * The URL of a subject's drawn art, versioned.
 * @example artUrl('channel', { id: 7, name: 'Кино Премьера', caption: '' }) // '/media/art/channel/7.svg?v=…'
 */
export function artUrl(kind: ArtKind, subject: ArtSubject): string {
  return `/media/art/${kind}/${subject.id}.svg?v=${artVersion(subject)}`;
}

/**
 * A channel's monogram: the first letters of its first two words, digits kept whole.
 * @example monogram('Новости 24') // 'Н24'
 * @example monogram('Кино Премьера') // 'КП'
 */
export function monogram(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => (/^\d+$/.test(w) ? w.slice(0, 3) : w[0]!.toUpperCase()))
    .join('');
}

/** Brand colours for channel marks: saturated, light enough for white letters to read on. */
const BRANDS = [
  ['#e50914', '#ff6b5e'],
  ['#1565c0', '#4fc3f7'],
  ['#6a1b9a', '#ce93d8'],
  ['#00897b', '#80cbc4'],
  ['#ef6c00', '#ffcc80'],
  ['#283593', '#ff4081'],
  ['#2e7d32', '#c5e1a5'],
  ['#ad1457', '#ffd54f'],
  ['#37474f', '#ffca28'],
  ['#00838f', '#ffab40'],
] as const;

/**
 * A channel's logo: its monogram in a shape of the brand colour with one accent (a ring, a
 * corner, a play mark or a dot), picked by the id, so channels side by side differ.
 */
function channelMark(subject: ArtSubject): string {
  const seed = hash32(`channel:${subject.id}:${subject.name}`);
  const [main, accent] = BRANDS[seed % BRANDS.length]!;
  const letters = escapeXml(monogram(subject.name) || 'ТВ');
  const size = letters.length > 2 ? 64 : 84;
  const shapes = [
    '<rect x="8" y="8" width="184" height="184" rx="44"/>',
    '<circle cx="100" cy="100" r="92"/>',
    '<path d="M100 6 194 100 100 194 6 100Z" />',
    '<path d="M56 12h88l44 88-44 88H56L12 100Z"/>',
  ];
  const accents = [
    `<circle cx="100" cy="100" r="70" fill="none" stroke="${accent}" stroke-width="6"/>`,
    `<path d="M150 150h30v30h-30Z" fill="${accent}"/>`,
    `<path d="M146 134l26 15-26 15Z" fill="${accent}"/>`,
    `<circle cx="150" cy="58" r="12" fill="${accent}"/>`,
  ];
  const shape = shapes[(seed >>> 5) % shapes.length]!;
  const mark = accents[(seed >>> 9) % accents.length]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(subject.name)}">` +
    `<defs><linearGradient id="m${seed}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${main}"/><stop offset="1" stop-color="${main}" stop-opacity="0.78"/></linearGradient></defs>` +
    `<g fill="url(#m${seed})">${shape}</g>${mark}` +
    `<text x="100" y="${100 + size * 0.35}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="800" letter-spacing="-2" fill="#fff">${letters}</text></svg>`
  );
}

/**
 * The SVG document for a subject. Posters and backgrounds are the stand-in for a title's raster
 * art (missing from R2, or the universal default): a two-colour gradient and soft shapes, no
 * text, since the name is printed beside every picture. Channels get their logo mark.
 * @example renderArt('poster', { id: 1, name: 'Рубеж', caption: '2021 · Фильм' }).includes('<text') // false
 */
export function renderArt(kind: ArtKind, subject: ArtSubject): string {
  if (kind === 'channel') return channelMark(subject);
  const { width: w, height: h } = SIZES[kind];
  return gradientArt(w, h, `${kind}:${subject.id}`, subject.name);
}

/** A neutral picture: a gradient of two hues picked by `key`, with three soft discs. */
export function gradientArt(w: number, h: number, key: string, label = ''): string {
  const seed = hash32(key);
  const hue = seed % 360;
  const hue2 = (hue + 40 + ((seed >>> 9) % 100)) % 360;
  const shapes = [0, 1, 2]
    .map((i) => {
      const s = hash32(`${seed}:${i}`);
      const cx = Math.round(((s % 1000) / 1000) * w);
      const cy = Math.round((((s >>> 10) % 1000) / 1000) * h);
      const r = Math.round(Math.min(w, h) * (0.25 + ((s >>> 20) % 50) / 100));
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.05 + i * 0.03).toFixed(2)}"/>`;
    })
    .join('');
  const id = `a${seed.toString(36)}`;
  const name = label ? ` role="img" aria-label="${escapeXml(label)}"` : ' aria-hidden="true"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"${name}>` +
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 30%)"/><stop offset="1" stop-color="hsl(${hue2} 55% 12%)"/></linearGradient>` +
    `<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}g)"/>${shapes}<rect width="${w}" height="${h}" fill="url(#${id}s)"/></svg>`
  );
}
