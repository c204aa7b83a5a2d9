/** Russian texts of the content API. */
export const contentTexts = {
  notFound: 'Контент не найден',
  seasonNotFound: 'Сезон не найден',
  pathNotFound: 'Страница не найдена',
} as const;
