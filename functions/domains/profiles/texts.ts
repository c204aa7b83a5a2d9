/** Russian texts of the profiles API (docs/product.md, «What we keep» and «How things change»): what a viewer reads when a change is refused. */
export const profileTexts = {
  nameRequired: 'Введите имя профиля',
  nameTooLong: 'Имя профиля должно быть не длиннее 40 символов',
  avatarUnknown: 'Выберите аватар из списка',
  nothingToChange: 'Укажите, что изменить: имя, аватар или тип профиля',
  userIdInvalid: 'Укажите профиль',
  notFound: 'Профиль не найден',
  limit:
    'В аккаунте может быть не больше 5 профилей. Удалите ненужный профиль, чтобы создать новый',
  kidForbidden: 'В детском профиле нельзя управлять профилями. Переключитесь на взрослый профиль',
  deleteCurrent:
    'Нельзя удалить профиль, в котором вы сейчас находитесь. Переключитесь на другой профиль',
  deleteLastAdult: 'Нельзя удалить единственный взрослый профиль аккаунта',
  kidCurrent:
    'Нельзя сделать детским профиль, в котором вы сейчас находитесь. Переключитесь на другой профиль',
  lastAdultToKid: 'В аккаунте должен остаться хотя бы один взрослый профиль',
} as const;
