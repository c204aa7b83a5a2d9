/**
 * Swiper on a server-rendered carousel (src/components/carousel/Carousel.astro): core with only
 * Navigation, A11y and Mousewheel, the layout from the same table as the server CSS. Loaded on
 * demand.
 */
import Swiper from 'swiper';
import { A11y, Mousewheel, Navigation } from 'swiper/modules';
import { carouselTexts } from '../components/carousel/texts.ts';
import { type CarouselKind, swiperLayout } from './carousel.ts';

/** The slide the native scroll track shows first, so taking it over does not jump. */
function scrolledSlide(track: HTMLElement): number {
  const slides = track.children;
  if (track.scrollLeft <= 0 || slides.length < 2) return 0;
  const step = (slides[1] as HTMLElement).offsetLeft - (slides[0] as HTMLElement).offsetLeft;
  return step > 0 ? Math.round(track.scrollLeft / step) : 0;
}

/** Enhances one carousel once; a second call does nothing. */
export function mountCarousel(root: HTMLElement) {
  if (root.dataset.ready !== undefined) return;
  const el = root.querySelector<HTMLElement>('.swiper');
  const track = el?.querySelector<HTMLElement>('.swiper-wrapper');
  if (!el || !track) return;
  const initialSlide = scrolledSlide(track);
  track.scrollLeft = 0;
  new Swiper(el, {
    modules: [Navigation, A11y, Mousewheel],
    ...swiperLayout(root.dataset.carousel as CarouselKind),
    initialSlide,
    // Reduced motion: slides jump (global CSS drops the transitions too).
    speed: matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 300,
    // A sideways wheel (a trackpad's swipe) pages the carousel as it scrolled the native track; an
    // upright one scrolls the page.
    mousewheel: { forceToAxis: true },
    // Visible slides are known, so focusing one does not slide; focusing a hidden one brings it in.
    watchSlidesProgress: true,
    navigation: {
      prevEl: root.querySelector<HTMLElement>('[data-carousel-prev]'),
      nextEl: root.querySelector<HTMLElement>('[data-carousel-next]'),
      addIcons: false,
    },
    a11y: {
      prevSlideMessage: carouselTexts.prev,
      nextSlideMessage: carouselTexts.next,
      firstSlideMessage: carouselTexts.first,
      lastSlideMessage: carouselTexts.last,
      slideLabelMessage: carouselTexts.slideLabel,
      itemRoleDescriptionMessage: carouselTexts.slideRoleDescription,
    },
  });
  root.dataset.ready = '';
}
