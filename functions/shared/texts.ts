/** Russian texts of the API and edge layer. Texts copied from the spec are marked "spec". */
export const texts = {
  badRequest: 'Некорректный запрос',
  unauthorized: 'Требуется вход в аккаунт',
  forbidden: 'Недостаточно прав для этого действия',
  notFound: 'Не найдено',
  methodNotAllowed: 'Метод не поддерживается',
  tooLarge: 'Слишком большой запрос',
  tooManyRequests: 'Слишком много запросов. Попробуйте позже',
  validation: 'Проверьте введённые данные',
  unreadableBody: 'Не удалось прочитать запрос. Обновите страницу и попробуйте ещё раз',
  /** spec, docs/product.md, «When things go wrong» */
  serverUnavailable: 'Сервис недоступен. Попробуйте позже',
  /** The page shown while the service cannot answer (a 503 page): its title and what to do. */
  serverUnavailableTitle: 'Сервис недоступен',
  serverUnavailableHint: 'Мы уже восстанавливаем работу. Обновите страницу через минуту.',
  /** Edge proxy mode: the upstream API did not answer in time (README, «Edge proxy mode»). */
  upstreamTimeout: 'Сервис не ответил вовремя. Попробуйте позже',
  flagNotFound: 'Такого флага нет',
  techPageNotFound: 'Страница не найдена',
  csrf: 'Запрос отклонён: он пришёл не с нашего сайта',
} as const;
