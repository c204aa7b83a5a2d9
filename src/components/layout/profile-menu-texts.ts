/** Russian texts of the header's profile menu. */
export const profileMenuTexts = {
  menu: (name: string) => `Профиль «${name}»: сменить профиль, настройки`,
  /** A kid profile's menu holds no settings: only the switch. */
  kidMenu: (name: string) => `Профиль «${name}»: сменить профиль`,
  menuNoProfile: 'Меню аккаунта',
  profiles: 'Сменить профиль',
  kid: 'детский',
  current: 'сейчас',
  /** Said before a profile's visible name and tag, so the link's name holds what it shows. */
  switchTo: 'Переключиться на\u00a0профиль',
  switchFailed: 'Не удалось сменить профиль',
} as const;
