import { d1 } from '../../db/client.ts';
import type { ArtKind } from './art.ts';
import { findArtSubject } from './repo.ts';

/** What the art of `kind` for `id` shows; undefined when there is no such title or channel. */
export const artSubject = (kind: ArtKind, id: number) => findArtSubject(d1(), kind, id);
