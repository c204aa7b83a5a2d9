/**
 * 30 TV channels and their programme guide from three days before the reference day to a week
 * after it (Moscow time): contiguous programmes of 20–150 minutes, no gaps, no overlaps.
 */
import type { AgeRating } from '../../../shared/catalogue.ts';
import { DAY } from './clock.ts';
import { type Rng, rng } from './rng.ts';
import type { TitleRow } from './titles.ts';

type Theme = 'news' | 'movies' | 'series' | 'kids' | 'sport' | 'docs' | 'music' | 'entertainment';

const channels: [slug: string, name: string, theme: Theme, description: string][] = [
  ['pervyj-gorodskoj', 'Первый городской', 'entertainment', 'Шоу, сериалы и кино для всей семьи.'],
  ['novosti-24', 'Новости 24', 'news', 'Круглосуточные новости России и мира.'],
  ['kino-premera', 'Кино Премьера', 'movies', 'Громкие премьеры и новинки кинопроката.'],
  ['dom-kino', 'Дом кино', 'movies', 'Лучшие фильмы разных лет без рекламы.'],
  ['serialnyj', 'Сериальный', 'series', 'Любимые сериалы с утра до ночи.'],
  ['detskij-mir', 'Детский мир', 'kids', 'Мультфильмы и передачи для детей.'],
  ['multimania', 'Мультимания', 'kids', 'Мультсериалы для малышей и школьников.'],
  ['sport-arena', 'Спорт Арена', 'sport', 'Прямые трансляции и спортивные новости.'],
  ['futbol-plus', 'Футбол Плюс', 'sport', 'Матчи ведущих лиг и аналитика.'],
  ['istoriya', 'История', 'docs', 'Документальные фильмы о прошлом.'],
  ['planeta', 'Планета', 'docs', 'Природа, путешествия и открытия.'],
  ['nauka-tv', 'Наука ТВ', 'docs', 'Научно-популярное кино и лекции.'],
  ['muzyka-pervogo', 'Музыка', 'music', 'Клипы, концерты и хит-парады.'],
  ['retro-hit', 'Ретро Хит', 'music', 'Песни и концерты прошлых лет.'],
  ['komediya-tv', 'Комедия ТВ', 'movies', 'Комедии, от которых невозможно оторваться.'],
  ['detektiv-tv', 'Детектив ТВ', 'series', 'Расследования, погони и загадки.'],
  ['drama-hd', 'Драма HD', 'movies', 'Драмы и мелодрамы в высоком качестве.'],
  ['nashe-kino', 'Наше кино', 'movies', 'Отечественные фильмы разных лет.'],
  ['zvezdnyj', 'Звёздный', 'entertainment', 'Развлекательные шоу и интервью со звёздами.'],
  ['dom-i-sad', 'Дом и сад', 'entertainment', 'Ремонт, дача и кулинария.'],
  ['puteshestvennik', 'Путешественник', 'docs', 'Города и страны глазами путешественников.'],
  ['boevik-tv', 'Боевик ТВ', 'movies', 'Экшен без остановки.'],
  ['uzhasy-noch', 'Ночь ужасов', 'movies', 'Фильмы ужасов и мистические триллеры.'],
  ['serial-hit', 'Сериал Хит', 'series', 'Хиты зарубежных сериалов.'],
  ['ekonomika-24', 'Экономика 24', 'news', 'Бизнес, рынки и финансы.'],
  ['moskva-segodnya', 'Москва сегодня', 'news', 'Новости столицы и прогноз погоды.'],
  ['mir-zhivotnyh', 'Мир животных', 'docs', 'Дикая природа всех континентов.'],
  ['mama-tv', 'Мама ТВ', 'kids', 'Передачи для родителей и малышей.'],
  ['eda-tv', 'Еда ТВ', 'entertainment', 'Кулинарные шоу и рецепты.'],
  ['kinoklassika', 'Киноклассика', 'movies', 'Золотая классика мирового кино.'],
];

interface Slot {
  name: string;
  description: string;
  genre: string;
  age: AgeRating;
  minutes: number;
}

const news = [
  'Новости',
  'Вести дня',
  'Утро. Главное',
  'Итоги дня',
  'Экономика. Обзор',
  'Погода',
  'Мир за неделю',
];
const sports = [
  'Футбол. Премьер-лига. Обзор тура',
  'Хоккей. КХЛ. Прямая трансляция',
  'Теннис. Турнир ATP',
  'Бокс. Вечер чемпионов',
  'Биатлон. Кубок мира',
  'Баскетбол. Единая лига',
  'Спортивные новости',
];
const docs = [
  'Загадки древних цивилизаций',
  'Великие открытия',
  'Тайны океана',
  'Города будущего',
  'Люди и горы',
  'Секреты дикой природы',
  'Империи прошлого',
  'Космос: путь к звёздам',
];
const shows = [
  'Кулинарный поединок',
  'Весь вечер с вами',
  'Ремонт за выходные',
  'Викторина «Знаток»',
  'Вечерний разговор',
  'Дачные советы',
  'Большой обед',
  'Смех без правил',
];
const music = [
  'Хит-парад недели',
  'Живой концерт',
  'Клипы нон-стоп',
  'Дискотека 80-х',
  'Легенды рока',
  'Музыкальное утро',
];
const cartoons = [
  'Весёлые друзья',
  'Сказки на ночь',
  'Умные машинки',
  'Лесная школа',
  'Мультсборник',
  'Почемучки',
];

function slot(
  r: Rng,
  theme: Theme,
  movies: TitleRow[],
  series: TitleRow[],
  kids: TitleRow[],
): Slot {
  const step = (min: number, max: number) => r.int(min / 5, max / 5) * 5;
  switch (theme) {
    case 'news':
      return {
        name: r.pick(news),
        description: 'Главные события дня в России и мире.',
        genre: 'Новости',
        age: 16,
        minutes: step(20, 45),
      };
    case 'sport':
      return {
        name: r.pick(sports),
        description: 'Трансляция с комментариями экспертов.',
        genre: 'Спорт',
        age: 12,
        minutes: step(30, 150),
      };
    case 'docs':
      return {
        name: r.pick(docs),
        description: 'Документальный цикл.',
        genre: 'Документальный',
        age: 12,
        minutes: step(40, 60),
      };
    case 'music':
      return {
        name: r.pick(music),
        description: 'Музыкальная программа.',
        genre: 'Музыка',
        age: 12,
        minutes: step(30, 90),
      };
    case 'entertainment':
      return {
        name: r.pick(shows),
        description: 'Развлекательное шоу.',
        genre: 'Развлечения',
        age: 12,
        minutes: step(30, 90),
      };
    case 'kids': {
      const cartoon = kids.length > 0 && r.chance(0.6) ? r.pick(kids).name : r.pick(cartoons);
      return {
        name: cartoon,
        description: 'Мультфильм.',
        genre: 'Детям',
        age: 0,
        minutes: step(20, 45),
      };
    }
    case 'series': {
      const show = r.pick(series);
      return {
        name: `${show.name}. ${r.int(1, 12)}-я серия`,
        description: show.description,
        genre: 'Сериал',
        age: show.age_rating,
        minutes: step(40, 60),
      };
    }
    case 'movies': {
      const movie = r.pick(movies);
      return {
        name: movie.name,
        description: movie.description,
        genre: 'Фильм',
        age: movie.age_rating,
        minutes: Math.min(150, Math.ceil((movie.duration_min + 10) / 5) * 5),
      };
    }
  }
}

/** How many channels, first by position, play without a subscription. */
export const FREE_CHANNELS = 3;

/**
 * Channels and programmes; `from`/`to` are unix seconds (Moscow midnights).
 * @example generateTv(titles, from, to).channels.length // 30
 */
export function generateTv(titles: TitleRow[], from: number, to: number) {
  const rows = channels.map(([slug, name, theme, description], i) => ({
    id: i + 1,
    slug,
    name,
    description,
    position: i + 1,
    age_rating: (theme === 'kids'
      ? 0
      : theme === 'news' || theme === 'movies' || theme === 'series'
        ? 16
        : 12) as AgeRating,
    // The public channels are free to everyone, as on Russian services: the first three.
    free: i < FREE_CHANNELS ? 1 : 0,
    theme,
  }));
  const programmes = rows
    .flatMap((channel) => generateProgrammes(channel, titles, from, to, rng(`tv:${channel.slug}`)))
    .map((p, i) => ({ id: i + 1, ...p }));
  return { channels: rows.map(({ theme: _theme, ...row }) => row), programmes };
}

export type Programme = {
  channel_id: number;
  starts_at: number;
  ends_at: number;
  name: string;
  description: string;
  genre: string;
  age_rating: AgeRating;
};
export type GuideTitle = Pick<
  TitleRow,
  'type' | 'partner' | 'name' | 'description' | 'age_rating' | 'duration_min'
>;

/** The theme of a seeded channel, by slug ('entertainment' for a channel the seed does not know). */
export function channelTheme(slug: string): Theme {
  return channels.find(([s]) => s === slug)?.[2] ?? 'entertainment';
}

/**
 * One channel's programmes from `from` until `to`: contiguous, 20–150 minutes each, a rerun block
 * at night. Used by the seed and by the daily job that keeps the guide a week ahead.
 */
export function generateProgrammes(
  channel: { id: number; slug: string },
  titles: GuideTitle[],
  from: number,
  to: number,
  r: Rng,
): Programme[] {
  const theme = channelTheme(channel.slug);
  const movies = titles.filter((t) => t.type === 'movie' && t.partner !== 'dazn') as TitleRow[];
  const series = titles.filter((t) => t.type === 'series') as TitleRow[];
  const kids = titles.filter((t) => t.type === 'kids') as TitleRow[];
  const programmes: Programme[] = [];
  for (let at = from; at < to; ) {
    // Night hours on every channel are a rerun block, so the guide looks like a real one.
    const hour = new Date((at + 3 * 3600) * 1000).getUTCHours();
    const s =
      hour >= 2 && hour < 6 && theme !== 'news'
        ? { ...slot(r, theme, movies, series, kids), genre: 'Повтор' }
        : slot(r, theme, movies, series, kids);
    const minutes = Math.max(20, Math.min(150, s.minutes));
    programmes.push({
      channel_id: channel.id,
      starts_at: at,
      ends_at: at + minutes * 60,
      name: s.name,
      description: s.description,
      genre: s.genre,
      age_rating: s.age,
    });
    at += minutes * 60;
  }
  return programmes;
}

/** The guide's window around the reference day: 3 days before to 7 days after. */
export function tvWindow(reference: number): [number, number] {
  return [reference - 3 * DAY, reference + 7 * DAY];
}
