/** Russian texts of the header's profile menu. */
export const profileMenuTexts = {
  menu: (name: string) => `Профиль «${name}»: сменить профиль, настройки`,
  menuNoProfile: 'Меню аккаунта',
  profiles: 'Сменить профиль',
  kid: 'детский',
  current: 'сейчас',
  switchTo: (name: string) => `Переключиться на профиль «${name}»`,
  switchFailed: 'Не удалось сменить профиль',
} as const;
