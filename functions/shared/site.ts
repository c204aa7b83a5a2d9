/** The service's name, in titles, e-mails and SMS. */
export const SITE_NAME = 'Амедиатека';

/** The operator of the service, as the legal pages and the messages name it. */
export const OPERATOR = {
  name: 'ООО «Амедиа Веб»',
  inn: '7700000000',
  ogrn: '1207700000000',
  address: '123112, г. Москва, Пресненская наб., д. 0, этаж 0, помещение 0',
  email: 'support@amediateka.example',
  privacyEmail: 'privacy@amediateka.example',
  phone: '8 800 000-00-00',
} as const;
