/**
 * What the system's media controls and lock screen show of what plays (Media Session).
 */
import type { WatchAnswer } from './watch-api.ts';

/** The name the lock screen shows under the title. */
const ARTIST = 'Амедиатека';

/**
 * The Media Session metadata of an answer: the episode's name (or the title's), the title with
 * season and episode as the album, and the art as an absolute URL.
 * @example sessionMetadata(film, '/art.jpg', 'https://site.test/') // { title: 'Film', album: 'Film', … }
 */
export function sessionMetadata(
  answer: Pick<WatchAnswer, 'content' | 'episode' | 'poster'>,
  poster: string | undefined,
  base: string,
): MediaMetadataInit {
  const art = answer.poster ?? poster;
  return {
    title: answer.episode?.name || answer.content.name,
    artist: ARTIST,
    album: answer.episode
      ? `${answer.content.name}, ${answer.episode.season} сезон, ${answer.episode.number} серия`
      : answer.content.name,
    artwork: art ? [{ src: new URL(art, base).href }] : [],
  };
}

/** Media Session actions a browser does not know throw; those are skipped. */
export function setAction(
  session: MediaSession,
  action: MediaSessionAction,
  run: MediaSessionActionHandler | null,
) {
  try {
    session.setActionHandler(action, run);
  } catch {
    // Not supported here.
  }
}
