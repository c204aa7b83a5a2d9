/**
 * Generated art: posters, backgrounds and channel logos as SVG, a pure function of the subject
 * (id, name, caption), so no image files are stored and every title has art from day one.
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

const SIZES: Record<
  ArtKind,
  { width: number; height: number; font: number; lineChars: number; lines: number }
> = {
  poster: { width: 400, height: 600, font: 40, lineChars: 14, lines: 4 },
  background: { width: 1280, height: 720, font: 76, lineChars: 22, lines: 3 },
  channel: { width: 200, height: 200, font: 26, lineChars: 11, lines: 3 },
};

const FONT = "'Inter', 'Helvetica Neue', Arial, sans-serif";

/**
 * Greedy word wrap to at most `lines` lines of about `width` characters; the overflow ends in "…".
 * @example wrap('Тайна старого маяка', 10, 3) // ['Тайна', 'старого', 'маяка']
 */
export function wrap(text: string, width: number, lines: number): string[] {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => w.match(new RegExp(`.{1,${width}}`, 'gu')) ?? []);
  const out: string[] = [];
  for (const word of words) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width)
      out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

/**
 * A short stamp of what the art shows; URLs carry it so a renamed title gets a new URL and
 * immutable caching stays correct.
 * @example artVersion({ id: 7, name: 'Тёмный город', caption: '2024 · Фильм' }) // '1cnenlc'
 */
export function artVersion(subject: ArtSubject): string {
  return hash32(`${subject.name}\n${subject.caption}`).toString(36);
}

/**
 * The URL of a subject's art, versioned.
 * @example artUrl('poster', { id: 7, name: 'Тёмный город', caption: '2024 · Фильм' }) // '/media/art/poster/7.svg?v=1cnenlc'
 */
export function artUrl(kind: ArtKind, subject: ArtSubject): string {
  return `/media/art/${kind}/${subject.id}.svg?v=${artVersion(subject)}`;
}

/**
 * The SVG document for a subject: a two-colour gradient picked by the id's hash, soft shapes,
 * a shade for legibility, the caption tag and the name in large type.
 * @example renderArt('poster', { id: 1, name: 'Рубеж', caption: '2021 · Фильм' }).startsWith('<svg')
 */
export function renderArt(kind: ArtKind, subject: ArtSubject): string {
  const { width: w, height: h, font, lineChars, lines: maxLines } = SIZES[kind];
  const seed = hash32(`${kind}:${subject.id}`);
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
  const lines = wrap(subject.name, lineChars, maxLines);
  const lineHeight = Math.round(font * 1.12);

  let text: string;
  if (kind === 'channel') {
    const top = h / 2 - ((lines.length - 1) * lineHeight) / 2 + font * 0.35;
    text = `<text x="${w / 2}" y="${top}" text-anchor="middle" font-family="${FONT}" font-size="${font}" font-weight="700" fill="#fff">${lines
      .map(
        (line, i) =>
          `<tspan x="${w / 2}" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`,
      )
      .join('')}</text>`;
  } else {
    const pad = Math.round(w * 0.07);
    const top = h - pad - (lines.length - 1) * lineHeight;
    const captionSize = Math.round(font * 0.36);
    const caption = subject.caption
      ? `<text x="${pad}" y="${pad + captionSize}" font-family="${FONT}" font-size="${captionSize}" font-weight="600" letter-spacing="2" fill="#fff" opacity="0.85">${escapeXml(subject.caption.toUpperCase())}</text>`
      : '';
    text = `${caption}<text x="${pad}" y="${top}" font-family="${FONT}" font-size="${font}" font-weight="800" fill="#fff">${lines
      .map(
        (line, i) =>
          `<tspan x="${pad}" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`,
      )
      .join('')}</text>`;
  }

  const radius = kind === 'channel' ? ' rx="36"' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(subject.name)}">` +
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 42%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 18%)"/></linearGradient>` +
    `<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/></linearGradient>` +
    `<clipPath id="${id}c"><rect width="${w}" height="${h}"${radius}/></clipPath></defs>` +
    `<g clip-path="url(#${id}c)"><rect width="${w}" height="${h}" fill="url(#${id}g)"/>${shapes}` +
    (kind === 'channel' ? '' : `<rect width="${w}" height="${h}" fill="url(#${id}s)"/>`) +
    `</g>${text}</svg>`
  );
}
