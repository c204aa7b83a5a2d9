/** Russian texts of the viewer's lists (history, continue watching, favourites, votes). */
export const myTexts = {
  notFound: 'Контент не найден',
  badIds: 'Укажите идентификаторы контента числами через запятую',
  tooManyIds: 'За один раз можно убрать не больше 500 позиций',
  badEpisode: 'Укажите номер серии (episodeId) числом',
  badContent: 'Укажите номер контента (contentId) числом',
  oneTarget: 'Укажите одно из: id, episodeId или contentId',
  badRowId: 'Укажите id записи истории из её списка',
  badVote: 'Оценка — 1 (нравится) или −1 (не нравится)',
} as const;
