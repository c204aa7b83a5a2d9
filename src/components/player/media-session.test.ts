import { describe, expect, it } from 'vitest';
import { sessionMetadata } from './media-session.ts';

const film = {
  content: { id: 3, type: 'movie' as const, name: 'Фильм', slug: 'film', ageRating: '12+' },
  episode: null,
  poster: null,
};
const episode = {
  content: { id: 7, type: 'series' as const, name: 'Сериал', slug: 'serial', ageRating: '16+' },
  episode: { id: 11, season: 2, number: 5, name: 'Пятая' },
  poster: '/media/7/still.jpg',
};

describe('what the lock screen shows', () => {
  it("names a film by its title, with the page's art as an absolute URL", () => {
    expect(sessionMetadata(film, '/art/3.jpg', 'https://site.test/film/')).toEqual({
      title: 'Фильм',
      artist: 'Амедиатека',
      album: 'Фильм',
      artwork: [{ src: 'https://site.test/art/3.jpg' }],
    });
  });

  it("names an episode, with the title, season and number as the album and the answer's still", () => {
    expect(sessionMetadata(episode, '/art/7.jpg', 'https://site.test/serial/')).toMatchObject({
      title: 'Пятая',
      album: 'Сериал, 2 сезон, 5 серия',
      artwork: [{ src: 'https://site.test/media/7/still.jpg' }],
    });
  });

  it('falls back to the title for an episode without a name, and shows no art without one', () => {
    const unnamed = { ...episode, episode: { ...episode.episode, name: '' }, poster: null };
    expect(sessionMetadata(unnamed, undefined, 'https://site.test/')).toMatchObject({
      title: 'Сериал',
      artwork: [],
    });
  });
});
