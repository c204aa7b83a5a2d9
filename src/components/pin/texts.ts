/** Russian texts of the PIN popup and the account-security screens (/settings/parental). */
export const pinTexts = {
  popupTitle: 'Введите PIN-код',
  popupLead: 'Этот раздел защищён родительским контролем.',
  popupSetupTitle: 'Родительский контроль',
  popupSetupLead:
    'Задайте PIN-код, чтобы дети не\u00a0могли открыть взрослые профили, покупки и\u00a0контент с\u00a0высоким возрастным ограничением.',
  setupLink: 'Задать PIN-код',
  notNow: 'Не\u00a0использовать',
  close: 'Закрыть',
  pinLabel: 'PIN-код из\u00a04\u00a0цифр',
  newPinLabel: 'Новый PIN-код из\u00a04\u00a0цифр',
  repeatPinLabel: 'Повторите PIN-код',
  currentPinLabel: 'Текущий PIN-код',
  codeLabel: 'Код из\u00a0письма или SMS',
  enter: 'Подтвердить',
  forgot: 'Забыли PIN-код?',
  pinsDiffer: 'PIN-коды не\u00a0совпадают',
  heading: {
    age: 'Возрастное ограничение',
    setup: 'Задайте PIN-код',
    recovery: 'Восстановление PIN-кода',
    recoveryError: 'Не\u00a0удалось восстановить PIN-код',
    checking: 'Проверка PIN-кода',
    success: 'Готово',
    verification: 'Подтверждение',
    change: 'Смена PIN-кода',
  },
  statusLine: {
    Undefined: 'Родительский контроль не\u00a0настроен',
    Enabled: 'Родительский контроль включён',
    Disabled: 'Родительский контроль выключен',
  },
  ageLead:
    'PIN-код будут спрашивать при входе во\u00a0взрослый профиль из\u00a0детского, при покупках и\u00a0перед контентом с\u00a0этим ограничением и\u00a0выше.',
  ageOption: (age: number) => `${age}+`,
  next: 'Далее',
  save: 'Сохранить',
  setupLead:
    'PIN-код понадобится, чтобы открыть взрослый профиль, оплатить покупку или посмотреть контент для взрослых.',
  recoveryLead:
    'Отправим код на\u00a0e-mail аккаунта (или SMS, если e-mail не\u00a0указан). Введите его и\u00a0задайте новый PIN-код.',
  sendCode: 'Отправить код',
  codeSentTo: (to: string) => `Код отправлен: ${to}`,
  recoveryErrorLead:
    'Код не\u00a0подошёл или устарел. Запросите новый код и\u00a0попробуйте ещё\u00a0раз.',
  tryAgain: 'Запросить новый код',
  checkingLead: 'Введите PIN-код, чтобы изменить настройки родительского контроля.',
  successLead: 'Настройки родительского контроля сохранены.',
  verificationLead:
    'Чтобы выключить родительский контроль, подтвердите действие кодом из\u00a0письма или\u00a0SMS.',
  disable: 'Выключить родительский контроль',
  changeLead: 'Введите текущий PIN-код и\u00a0новый.',
  changeLink: 'Сменить PIN-код',
  ageLink: 'Изменить возрастное ограничение',
  disableLink: 'Выключить',
  enableLink: 'Включить родительский контроль',
  backToSettings: 'Вернуться в\u00a0настройки',
} as const;
