/** What the viewer reads of playback (errors of the watch API and the signed media). */
export const playbackTexts = {
  contentNotFound: 'Контент не найден',
  episodeNotFound: 'Серия не найдена',
  channelNotFound: 'Телеканал не найден',
  mediaUnavailable: 'Видео временно недоступно. Попробуйте позже',
  mediaPending:
    'Видео ещё готовится: сервис только что запущен. Оно начнётся само, как только будет готово',
  signingUnavailable: 'Видео временно недоступно: сервис подписи ссылок не настроен',
  badSignature: 'Ссылка на видео неверна',
  expired: 'Ссылка на видео устарела: откройте видео заново',
  outsideScope: 'Эта ссылка не для этого видео',
  mediaNotFound: 'Файл видео не найден',
  badRange: 'Такой части файла нет',
  tooManyStreams:
    'На\u00a0этом аккаунте уже смотрят на\u00a0двух устройствах. Остановите просмотр на\u00a0одном из\u00a0них',
  streamStopped:
    'Просмотр остановлен: на\u00a0этом аккаунте начали смотреть на\u00a0другом устройстве',
  streamNotFound: 'Просмотр не найден',
  signInToContinue: 'Войдите, чтобы продолжить',
  episodeRequired: 'Укажите серию',
  episodeNotInTitle: 'Такой серии у этого сериала нет',
  noProgressTarget: 'Этот контент нельзя отметить как просмотренный',
} as const;
