import { pluralForm } from '../../shared/ru.ts';

/** Russian texts of the accounts API: error messages, and the e-mails and SMS it sends. */
export const authTexts = {
  emailInvalid: 'Введите корректный e-mail',
  phoneInvalid: 'Введите номер телефона в формате +7 900 000-00-00',
  passwordRequired: 'Введите пароль',
  passwordTooShort: 'Пароль должен быть не короче 8 символов',
  passwordTooLong: 'Пароль должен быть не длиннее 128 символов',
  codeFormat: 'Код состоит из 6 цифр',
  codeOrPassword: 'Укажите код из SMS или пароль',
  tokenOrCurrentPassword: 'Укажите текущий пароль или код восстановления',

  /** The same text for an unknown e-mail and a wrong password: it reveals nothing. */
  wrongEmailOrPassword: 'Неверный e-mail или пароль',
  wrongPhoneOrPassword: 'Неверный номер телефона или пароль',
  wrongCurrentPassword: 'Неверный текущий пароль',
  /** Same for known and unknown addresses: the lock counts per address, not per account. */
  signInLocked:
    'Слишком много неудачных попыток входа. Вход временно заблокирован — попробуйте позже или восстановите пароль',
  noPassword: 'У аккаунта ещё нет пароля. Задайте его через восстановление пароля',

  codeMissing: 'Код не найден или уже использован. Запросите новый код',
  codeExpired: 'Срок действия кода истёк. Запросите новый код',
  codeAttemptsExceeded: 'Слишком много неверных попыток. Запросите новый код',
  passwordTokenInvalid: 'Ссылка для смены пароля устарела. Запросите код восстановления ещё раз',
  accountExists: 'Аккаунт с этим e-mail уже есть. Войдите или восстановите пароль',

  sameEmail: 'Это и есть e-mail вашего аккаунта',
  samePhone: 'Это и есть номер вашего аккаунта',
  emailTaken: 'Этот e-mail уже привязан к другому аккаунту',
  phoneTaken: 'Этот номер уже привязан к другому аккаунту',
  /** Changing the e-mail or phone: the current password, or a code checked in the last 10 minutes. */
  confirmWithPassword: 'Подтвердите, что это вы: введите текущий пароль',
  confirmWithCode: 'Подтвердите, что это вы: запросите код и введите его',
  passwordOrCode: 'Укажите текущий пароль или код из сообщения, но не оба сразу',

  unauthorized: 'Войдите в аккаунт',
  sessionEnded: 'Сеанс завершён. Войдите снова',
  sessionNotFound: 'Такого устройства нет среди ваших сеансов',
  deliveryUnavailable: 'Не удалось отправить сообщение. Попробуйте позже',

  defaultProfileName: 'Основной',
} as const;

/**
 * A wrong code, with the tries left.
 * @example wrongCode(1) // 'Неверный код. Осталась 1 попытка'
 */
export function wrongCode(attemptsLeft: number): string {
  const verb = pluralForm(attemptsLeft, { one: 'Осталась', few: 'Осталось', many: 'Осталось' });
  return `Неверный код. ${verb} ${attemptsLeft} ${pluralForm(attemptsLeft, { one: 'попытка', few: 'попытки', many: 'попыток' })}`;
}

/**
 * "Try again in …" for a 429: seconds under two minutes, else whole minutes (rounded up).
 * @example retryText(45) // 'Слишком много запросов. Повторите через 45 секунд'
 */
export function retryText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const wait =
    s < 120
      ? `${s} ${pluralForm(s, { one: 'секунду', few: 'секунды', many: 'секунд' })}`
      : `${Math.ceil(s / 60)} ${pluralForm(Math.ceil(s / 60), { one: 'минуту', few: 'минуты', many: 'минут' })}`;
  return `Слишком много запросов. Повторите через ${wait}`;
}
