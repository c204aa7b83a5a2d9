/** Russian texts of the messages layer (templates.ts has the messages themselves). */
export const messageTexts = {
  deliveryUnavailable: 'Не удалось отправить сообщение. Попробуйте позже',
  emailRejected: 'Не удалось отправить письмо на этот адрес. Проверьте его',
  phoneRejected: 'Не удалось отправить СМС на этот номер. Проверьте его',
} as const;

/** What each message is for, as the development outbox page names it (templates.ts, PURPOSES). */
export const purposeLabels: Record<string, string> = {
  sign_up_code: 'Код регистрации',
  sign_in_code: 'Код для входа',
  password_reset_code: 'Сброс пароля',
  account_exists: 'Аккаунт уже есть',
  support_request_copy: 'Копия обращения',
  parental_control_code: 'Родительский контроль',
};
