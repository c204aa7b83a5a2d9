import { pluralForm } from '../../shared/ru.ts';

/** Russian texts of parental control: API messages (the screens' texts are in src/components/pin/texts.ts). */
export const parentalTexts = {
  pinFormat: 'PIN-код состоит из 4 цифр',
  accountNotFound: 'Аккаунт не найден',
  pinRequired: 'Введите PIN-код',
  kidSignOut:
    'Из\u00a0детского профиля выйти нельзя: переключитесь на\u00a0взрослый профиль с\u00a0PIN-кодом',
  pinExists: 'PIN-код уже задан. Его можно сменить или восстановить',
  pinNotSet: 'PIN-код ещё не задан',
  samePin: 'Новый PIN-код совпадает с текущим',
  proofRequired: 'Введите PIN-код или подтвердите действие кодом из письма или SMS',
  ageLimitInvalid: 'Выберите возрастное ограничение: 12+, 16+ или 18+',
  codeFormat: 'Код состоит из 6 цифр',
} as const;

/**
 * A wrong PIN, with the tries left before the lock.
 * @example wrongPin(2) // 'Неверный PIN-код. Осталось 2 попытки'
 */
export function wrongPin(left: number): string {
  const verb = pluralForm(left, { one: 'Осталась', few: 'Осталось', many: 'Осталось' });
  return `Неверный PIN-код. ${verb} ${left} ${pluralForm(left, { one: 'попытка', few: 'попытки', many: 'попыток' })}`;
}

/**
 * PIN entry is locked: for how long, in whole minutes.
 * @example pinLocked(900) // 'Слишком много неверных попыток. Ввод PIN-кода заблокирован на 15 минут…'
 */
export function pinLocked(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `Слишком много неверных попыток. Ввод PIN-кода заблокирован на ${m} ${pluralForm(m, { one: 'минуту', few: 'минуты', many: 'минут' })}. Можно восстановить PIN-код по коду из письма или SMS`;
}
