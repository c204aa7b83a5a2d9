import { describe, expect, it } from 'vitest';
import { catalogueRows } from './catalogue/index.ts';

/** The generated copy agrees with itself: pronouns with the hero, closing lines with the genre. */
describe('the generated catalogue copy', () => {
  const rows = catalogueRows();
  const plain = (text: string) => text.replace(/\s/g, ' ');
  const genreSlug = new Map(rows.genres.map((g) => [g.id, g.slug]));
  const mainGenre = new Map<number, string>();
  for (const link of rows.title_genres)
    if (!mainGenre.has(link.title_id)) mainGenre.set(link.title_id, genreSlug.get(link.genre_id)!);
  const titles = rows.titles.filter((t) => t.trailer_of === null);

  it('speaks of a heroine as «её» and of a hero as «его»', () => {
    const wrong = titles
      .map((t) => plain(t.description))
      .filter(
        (d) =>
          (/^(Молодая|Начинающая|Бывшая|Наследница|Студентка|Стареющая|Дочь|Весёлая компания)/.test(
            d,
          ) &&
            /(?<!\p{L})его (дед|ждут)/u.test(d)) ||
          (/^(Бывший|Уставший|Вдовец|Талантливый|Школьный|Детектив|Отставной|Известный|Мелкий|Капитан|Молодой|Семейный|Агент|Пожарный|Сельский|Фотограф|Маленький|Любопытный)/.test(
            d,
          ) &&
            /(?<!\p{L})её (дед|ждут)/u.test(d)),
      );
    expect(wrong).toEqual([]);
  });

  it('closes a comedy, a fantasy or a horror title with a line that suits it', () => {
    const misfits = titles.filter((t) => {
      const d = plain(t.description);
      const genre = mainGenre.get(t.id);
      if ((genre === 'fantasy' || genre === 'sci-fi') && d.includes('реальных событиях'))
        return true;
      if (genre === 'comedy' && /триллер|выключать свет/.test(d)) return true;
      return genre !== 'horror' && d.includes('выключать свет');
    });
    expect(misfits.map((t) => `${t.name} (${mainGenre.get(t.id)}): ${t.description}`)).toEqual([]);
  });
});
