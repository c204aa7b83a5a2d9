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
