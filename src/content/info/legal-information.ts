import { type InfoDoc, OPERATOR } from './types.ts';

export const legalInformation: InfoDoc = {
  path: '/info/legal-information',
  title: 'Правовая информация',
  description:
    'Реквизиты оператора сервиса Амедиатека и документы: пользовательское соглашение, политика конфиденциальности, правила рекомендательных технологий.',
  // The day its text was last edited.
  revisedOn: '2026-11-23',
  lead: 'Все документы, которые регулируют работу Сервиса, и сведения об операторе.',
  sections: [
    {
      id: 'operator',
      heading: 'Оператор сервиса',
      blocks: [
        {
          table: {
            head: ['Реквизит', 'Значение'],
            rows: [
              ['Наименование', OPERATOR.name],
              ['ИНН', OPERATOR.inn],
              ['ОГРН', OPERATOR.ogrn],
              ['Адрес', OPERATOR.address],
              ['Электронная почта', OPERATOR.email],
              ['Телефон', `${OPERATOR.phone} (бесплатно по России)`],
            ],
          },
        },
        'Сервис включён в реестр аудиовизуальных сервисов. Возрастная классификация контента — в соответствии с Федеральным законом № 436-ФЗ «О защите детей от информации, причиняющей вред их здоровью и развитию».',
      ],
    },
    {
      id: 'documents',
      heading: 'Документы',
      blocks: [
        {
          list: [
            { text: 'Пользовательское соглашение', href: '/info/tos' },
            { text: 'Политика обработки персональных данных', href: '/info/policy' },
            {
              text: 'Согласие на обработку персональных данных',
              href: '/info/consent-personal-data',
            },
            { text: 'Политика конфиденциальности', href: '/info/privacy' },
            {
              text: 'Правила применения рекомендательных технологий',
              href: '/info/recommendations',
            },
            {
              text: 'Правила подписки на отдельный сериал',
              href: '/info/title-subscription-rules',
            },
            { text: 'Заморозка подписки', href: '/info/freezing' },
            { text: 'Правила реферальной программы', href: '/referral-rules' },
          ],
        },
      ],
    },
  ],
};
