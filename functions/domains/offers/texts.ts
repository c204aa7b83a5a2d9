/**
 * A sentence read on after a colon: its first letter in lower case, unless the first word is an
 * abbreviation («СБП», «HBO»).
 * @example afterColon('Затем 599 ₽ в месяц') // 'затем 599 ₽ в месяц'
 */
const afterColon = (text: string) =>
  /^\p{Lu}\p{Ll}/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;

/** Russian texts of the free-days offer, the polls and the event manager's API. */
export const offersTexts = {
  freeDays: {
    /** The offer's tariff, then what comes after the free days: «Амедиатека: затем 599 ₽ в месяц». */
    lead: (tariff: string, description: string) => `${tariff}: ${afterColon(description)}`,
    signIn: 'Войдите, чтобы получить бесплатные дни',
    taken: 'Вы уже получили бесплатные дни. Продлить подписку можно в разделе «Подписка»',
    ineligible: 'Бесплатные дни доступны только тем, у кого ещё не было подписки',
    unavailable: 'Сейчас это предложение недоступно',
    granted: (days: string) => `Готово! ${days} подписки уже ваши. Приятного просмотра`,
  },
  poll: {
    notFound: 'Опрос не найден',
    answered: 'Вы уже ответили на этот опрос. Спасибо!',
    chooseOption: 'Выберите один из вариантов',
    unknownOption: 'Такого варианта ответа нет',
    commentTooLong: 'Комментарий не длиннее 1000 знаков',
  },
  eventManager: {
    unknownEvent: 'Неизвестное событие',
  },
} as const;
