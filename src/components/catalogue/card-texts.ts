/** The texts of a title card's hover and focus actions. */
export const cardTexts = {
  play: (name: string) => `Смотреть «${name}»`,
  /** A toggle's name says what it toggles; `aria-pressed` says whether it is on. */
  favourite: (name: string) => `«${name}» в избранном`,
  signInToFavourite: (name: string) => `Войти, чтобы добавить «${name}» в избранное`,
  watched: (percent: number) => `Просмотрено ${percent}\u00a0%`,
};

/**
 * The `sizes` of a poster in a shelf or a grid of cards: 2, 4, 5 and 6 to a row (the carousel
 * table), inside the page's gutters.
 */
export const POSTER_SIZES =
  '(min-width: 1920px) 290px, (min-width: 1366px) calc((100vw - 176px) / 5), (min-width: 768px) calc((100vw - 112px) / 4), calc((100vw - 40px) / 2)';

/**
 * The `sizes` of a trailer's 16:9 frame in a grid of wide cards (`.title-grid--wide`) or a wide
 * carousel: 1, 2, 3 and 4 to a row (the carousel table's wide kind), inside the page's gutters.
 */
export const WIDE_SIZES =
  '(min-width: 1920px) 420px, (min-width: 1024px) calc((100vw - 160px) / 3), (min-width: 768px) calc((100vw - 96px) / 2), 40vw';

/**
 * How many cards of a title grid load eagerly: the row a phone's first screen shows (two to a
 * row). A wider screen's first row loads lazily right after the first layout, so a phone spends
 * its first bytes on the largest paint, not on posters it cannot see.
 */
export const FIRST_SCREEN_POSTERS = 2;

/**
 * The `sizes` of a full-width backdrop (the home hero, a title page's background): on a phone the
 * 640-px picture, since it lies under a shade as texture and its bytes decide the first screen's
 * largest paint (a phone's 2.6 device pixels would otherwise fetch the 1280-px one); the whole
 * width from 768 px up.
 */
export const BACKDROP_SIZES = '(max-width: 767px) 40vw, 100vw';
