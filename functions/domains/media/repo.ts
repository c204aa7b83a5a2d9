import { eq } from 'drizzle-orm';
import { type TitleType, titles, tvChannels } from '../../db/catalogue-schema.ts';
import type { Db } from '../../db/client.ts';
import type { ArtKind, ArtSubject } from './art.ts';

const typeLabels: Record<TitleType, string> = {
  movie: 'Фильм',
  series: 'Сериал',
  kids: 'Детям',
  trailer: 'Трейлер',
};

/** The art shown when a title has none of its own (spec section 3, universal assets). */
export const DEFAULT_SUBJECT: ArtSubject = { id: 'default', name: 'Амедиатека', caption: '' };

/**
 * What the art of `kind` for `id` shows: a title for posters and backgrounds, a channel for logos;
 * undefined when there is no such title or channel.
 */
export async function findArtSubject(
  db: Db,
  kind: ArtKind,
  id: number,
): Promise<ArtSubject | undefined> {
  if (kind === 'channel') {
    const channel = await db
      .select({ name: tvChannels.name })
      .from(tvChannels)
      .where(eq(tvChannels.id, id))
      .get();
    return channel && { id, name: channel.name, caption: '' };
  }
  const title = await db
    .select({ name: titles.name, year: titles.year, type: titles.type })
    .from(titles)
    .where(eq(titles.id, id))
    .get();
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
