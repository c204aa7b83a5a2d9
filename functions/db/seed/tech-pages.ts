import type { TechPageSection } from '../schema.ts';

/** CMS tech pages: FAQ and contacts, in Russian. */
export const techPageSeed: { slug: 'faq' | 'contact'; title: string; lead: string; sections: TechPageSection[] }[] = [
  {
    slug: 'faq',
    title: 'Вопросы и ответы',
    lead: 'Ответы на частые вопросы о подписке, оплате и просмотре.',
    sections: [
      {
        heading: 'Подписка',
        items: [
          { title: 'Как оформить подписку?', body: 'Нажмите «Попробовать» на главной странице, выберите тариф и способ оплаты.' },
        ],
      },
    ],
  },
  {
    slug: 'contact',
    title: 'Контакты',
    lead: 'Мы на связи каждый день.',
    sections: [{ heading: 'Служба поддержки', items: [{ title: 'Электронная почта', body: 'support@amediateka.ru' }] }],
  },
];
