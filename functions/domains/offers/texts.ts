/** Russian texts of the free-days offer, the polls and the event manager's API. */
export const offersTexts = {
  freeDays: {
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
