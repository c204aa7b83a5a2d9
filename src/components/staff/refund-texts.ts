/** The staff refund page's words (src/pages/staff/refunds.astro). */
export const refundTexts = {
  title: 'Возврат оплаты',
  lead: 'Найдите заказ по номеру: оплаченный заказ возвращается целиком, через платёжный сервис, один раз.',
  orderLabel: 'Номер заказа',
  find: 'Найти',
  order: 'Заказ',
  account: 'Аккаунт',
  what: 'Что куплено',
  amount: 'Сумма',
  status: 'Статус',
  statuses: { succeeded: 'Оплачен', pending: 'Ожидает оплаты', canceled: 'Не\u00a0оплачен' },
  refund: (amount: string) => `Вернуть ${amount}`,
  refunded: (date: string) =>
    `Возвращён ${date}: деньги ушли покупателю, доступ закрыт, чек возврата выписан.`,
  notRefundable: 'Вернуть можно только оплаченный заказ.',
} as const;
