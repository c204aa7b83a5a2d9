/** Seek previews from a WebVTT thumbnail track: each cue names a region of a sprite image. */
export interface Thumbnail {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const seconds = (stamp: string) =>
  stamp
    .split(':')
    .map(Number)
    .reduce((sum, part) => sum * 60 + part, 0);

/**
 * The cues of a thumbnails.vtt, image URLs resolved against the file's own URL.
 * @example parseThumbnails('WEBVTT\n\n00:00.000 --> 00:05.000\nthumbs.jpg#xywh=0,0,160,90', 'https://s/v/thumbs.vtt')
 * // [{ start: 0, end: 5, url: 'https://s/v/thumbs.jpg', x: 0, y: 0, w: 160, h: 90 }]
 */
export function parseThumbnails(text: string, base: string): Thumbnail[] {
  const out: Thumbnail[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^([\d:.]+)\s+-->\s+([\d:.]+)/.exec(lines[i] ?? '');
    const target = lines[i + 1]?.trim();
    if (!m || !target) continue;
    const [file, hash = ''] = target.split('#');
    const xywh = /xywh=(\d+),(\d+),(\d+),(\d+)/.exec(hash);
    if (!file || !xywh) continue;
    out.push({
      start: seconds(m[1] ?? '0'),
      end: seconds(m[2] ?? '0'),
      url: new URL(file, base).href,
      x: Number(xywh[1]),
      y: Number(xywh[2]),
      w: Number(xywh[3]),
      h: Number(xywh[4]),
    });
  }
  return out;
}

/** The cue shown at `time`, or null. */
export function thumbnailAt(cues: Thumbnail[], time: number): Thumbnail | null {
  const last = cues.at(-1);
  return (
    cues.find((c) => time >= c.start && time < c.end) ?? (last && time >= last.end ? last : null)
  );
}

export async function loadThumbnails(src: string): Promise<Thumbnail[]> {
  try {
    const res = await fetch(src);
    if (!res.ok) return [];
    return parseThumbnails(await res.text(), new URL(src, location.href).href);
  } catch {
    return [];
  }
}
