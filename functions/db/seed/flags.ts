/** Seed rows for the feature flags: the three remote flags of docs/product.md, «How the site talks to the API» and HBO Max availability. */
export const flagSeed = [
  {
    name: 'web-enable-calendar',
    enabled: true,
    description: 'Календарь (выбор дня) в телепрограмме',
  },
  { name: 'disable-dazn', enabled: false, description: 'Скрыть раздел DAZN' },
  { name: 'enable-trailers', enabled: true, description: 'Показывать раздел трейлеров' },
  { name: 'hbo-max-available', enabled: true, description: 'Контент HBO Max доступен' },
];
