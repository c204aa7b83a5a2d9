import { run } from '../../db/run.ts';
import { firstRow, sql } from '../../db/sql.ts';
import type { TitleType } from '../../shared/catalogue.ts';
import type { ArtKind, ArtSubject } from './art.ts';

const typeLabels: Record<TitleType, string> = {
  movie: 'Фильм',
  series: 'Сериал',
  kids: 'Детям',
  trailer: 'Трейлер',
};

/** The art shown when a title has none of its own (docs/product.md, «What we keep», universal assets). */
export const DEFAULT_SUBJECT: ArtSubject = { id: 'default', name: 'Амедиатека', caption: '' };

/**
 * What the art of `kind` for `id` shows: a title for posters and backgrounds, a channel for logos;
 * undefined when there is no such title or channel.
 */
export async function findArtSubject(
  d: D1Database,
  kind: ArtKind,
  id: number,
): Promise<ArtSubject | undefined> {
  if (kind === 'channel') {
    const channel = await run(
      firstRow<{ name: string }>(d, sql`SELECT name FROM tv_channels WHERE id = ${id}`),
    );
    return channel && { id, name: channel.name, caption: '' };
  }
  const title = await run(
    firstRow<{ name: string; year: number; type: TitleType }>(
      d,
      sql`SELECT name, year, type FROM titles WHERE id = ${id}`,
    ),
  );
  return title && titleSubject({ id, ...title });
}

/** What a title's poster and background show: its name and "year · type". */
export function titleSubject(t: {
  id: number;
  name: string;
  year: number;
  type: TitleType;
}): ArtSubject {
  return { id: t.id, name: t.name, caption: `${t.year} · ${typeLabels[t.type]}` };
}
