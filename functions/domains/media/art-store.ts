import { mediaBucket } from '../../db/object-meter.ts';
import { ART_SIZES, artKey, artSlot, type RasterKind } from '../../shared/art.ts';

/**
 * A raster picture from R2 (made by `npm run media`, uploaded under `art/<version>/…`), or null
 * when it is not there: a Worker without the media (tests, a fresh deploy) draws a stand-in.
 */
export async function storedArt(
  kind: RasterKind,
  id: number,
  width: number,
): Promise<R2ObjectBody | null> {
  if (!ART_SIZES[kind].widths.includes(width)) return null;
  return mediaBucket()
    .get(artKey(kind, artSlot(kind, id), width))
    .catch(() => null);
}
