/** Subjects of the support popup and form, in the order they are offered. */
export const SUPPORT_SUBJECTS = {
  payment: 'Оплата и подписка',
  playback: 'Просмотр и качество видео',
  account: 'Аккаунт и вход',
  promo: 'Промокоды и подарки',
  other: 'Другой вопрос',
} as const;
export type SupportSubject = keyof typeof SUPPORT_SUBJECTS;

export const supportTexts = {
  tooMany:
    'Вы отправили много обращений за последний час. Попробуйте позже — мы ответим на уже отправленные.',
  received: 'Обращение отправлено. Мы ответим на e-mail в течение суток.',
} as const;
