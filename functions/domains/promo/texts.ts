/** Russian texts of promo codes and vouchers: the /activate page, its popup and the voucher API. */
export const promoTexts = {
  format: 'Промокод состоит из латинских букв и цифр, от 3 до 32 знаков',
  signIn: 'Войдите, чтобы активировать промокод',
  notFound: 'Такого промокода нет. Проверьте, правильно ли он введён',
  notStarted: 'Этот промокод ещё не действует',
  expired: 'Срок действия промокода истёк',
  usedUp: 'Этот промокод уже использован',
  alreadyYours: 'Вы уже активировали этот промокод',
  unsupported: 'Этот промокод нельзя активировать на сайте',
  failedTitle: 'Промокод не применён',
  failedButton: 'Попробовать ещё раз',
} as const;
