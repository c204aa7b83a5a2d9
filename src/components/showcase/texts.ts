import { pluralForm } from '../../../functions/shared/ru.ts';

/** Texts of showcase pages (the home page's hero and shelves). */
export const showcaseTexts = {
  /** The page's heading; shown when there is no banner, read by screen readers always. */
  homeTitle: 'Сериалы и фильмы, которые обсуждают',
  homeLead:
    'Премьеры HBO Max, Paramount+ и других студий одновременно с мировым показом. Без рекламы, в HD и 4K, на всех устройствах.',
  tryProduct: 'Попробовать',
  catalogue: 'Смотреть каталог',
  watch: 'Смотреть',
  moreBanners: 'Также на Амедиатеке',
  blogPanel: 'Блог',
  externalLink: '(откроется сайт блога)',
  /** A kid profile's home: its greeting and shelves. */
  kidHello: (name: string) => `Привет, ${name}!`,
  kidLead: 'Мультики, сказки и\u00a0кино — всё, что можно смотреть в\u00a0детском профиле.',
  kidShelves: {
    resume: 'Продолжить просмотр',
    cartoons: 'Любимые мультики',
    fresh: 'Новые мультфильмы',
    adventures: 'Сказки и\u00a0приключения',
    musicals: 'Песни и\u00a0мюзиклы',
    movies: 'Кино для всей семьи',
    series: 'Сериалы для детей',
    best: 'Самые любимые',
  },
} as const;

/**
 * The line under a new episode's tile.
 * @example episodeLine(2, 3, 'Маяк') // '2 сезон, 3 серия · Маяк'
 */
export const episodeLine = (season: number, episode: number, name: string) =>
  `${season} сезон, ${episode} серия · ${name}`;

/**
 * What is left to watch on the continue-watching shelf, from the saved position: minutes rounded
 * (at least one), hours from 60 on; the verb agrees with a lone number, a compound takes «осталось».
 * Empty when the duration is not known.
 * @example timeLeft(1440) // 'осталось 24 мин'
 * @example timeLeft(61) // 'осталась 1 мин'
 * @example timeLeft(4320) // 'осталось 1 ч 12 мин'
 */
export function timeLeft(seconds: number): string {
  if (!(seconds > 0)) return '';
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0)
    return `${pluralForm(rest, { one: 'осталась', few: 'осталось', many: 'осталось' })} ${rest}\u00a0мин`;
  if (rest === 0)
    return `${pluralForm(hours, { one: 'остался', few: 'осталось', many: 'осталось' })} ${hours}\u00a0ч`;
  return `осталось ${hours}\u00a0ч\u00a0${rest}\u00a0мин`;
}

/**
 * The line under a continue-watching frame: the episode to go on with (none for a film) and what
 * is left of it.
 * @example continueLine({ season: 1, number: 3 }, 1440) // 'Сезон 1, серия 3 · осталось 24 мин'
 * @example continueLine(null, 4320) // 'осталось 1 ч 12 мин'
 */
export function continueLine(
  episode: { season: number; number: number } | null | undefined,
  secondsLeft: number,
): string {
  const left = timeLeft(secondsLeft);
  if (!episode) return left;
  const where = `Сезон\u00a0${episode.season}, серия\u00a0${episode.number}`;
  return left ? `${where} · ${left}` : where;
}
