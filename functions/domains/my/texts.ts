/** Russian texts of the viewer's lists (history, continue watching, favourites, votes). */
export const myTexts = {
  notFound: 'Контент не найден',
  badIds: 'Укажите идентификаторы контента числами через запятую',
  tooManyIds: 'За один раз можно убрать не больше 500 позиций',
  badEpisode: 'Укажите номер серии (episodeId) числом',
  badContent: 'Укажите номер контента (contentId) числом',
  oneTarget: 'Укажите episodeId или contentId',
  badVote: 'Оценка — 1 (нравится) или −1 (не нравится)',
} as const;
