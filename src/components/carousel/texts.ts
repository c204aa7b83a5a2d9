/** Carousel texts: the server markup and Swiper's A11y module say the same words. */
export const carouselTexts = {
  roleDescription: 'карусель',
  slideRoleDescription: 'слайд',
  /** Swiper's template; `slideLabel` fills it the same way on the server. */
  slideLabel: '{{index}} из {{slidesLength}}',
  prev: 'Предыдущие',
  next: 'Следующие',
  first: 'Это начало списка',
  last: 'Это конец списка',
} as const;

/**
 * The label of a slide ("3 из 20").
 * @example slideLabel(2, 20) // '3 из 20'
 */
export const slideLabel = (index: number, count: number) =>
  carouselTexts.slideLabel
    .replace('{{index}}', String(index + 1))
    .replace('{{slidesLength}}', String(count));
