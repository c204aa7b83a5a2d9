import { canSee, type Section, type Viewer } from '../../functions/access/index.ts';
import type { Toggles } from '../../functions/domains/flags/index.ts';

/**
 * A navigation item as docs/product.md, «What we keep» describes it; the spec's `sngOnly` is `cisOnly` here, the
 * one word the code uses for the region group.
 */
export interface NavItem {
  href: string;
  text: string;
  title: string;
  /** Shown only in the CIS region (an account entry; sections say `section` instead). */
  cisOnly?: boolean;
  /** A section with a rule of its own: shown only to a viewer who may open it (functions/access). */
  section?: Section;
  /** Shown only to a signed-in visitor. */
  needAuth?: boolean;
  /** Leaves the site (opens in a new tab). */
  external?: boolean;
  /** Hidden while a feature toggle says so. */
  toggle?: 'dazn' | 'hbo';
  /** A partner's section (HBO Max, DAZN, Paramount+, Кино1ТВ): not in a kid profile's menu. */
  partner?: boolean;
}

/** Top navigation (docs/product.md, «Screens and routes»). */
export const TOP_MENU: NavItem[] = [
  { href: '/series', text: 'Сериалы', title: 'Сериалы онлайн' },
  { href: '/movies', text: 'Фильмы', title: 'Фильмы онлайн' },
  {
    href: '/hbo-max',
    text: 'HBO Max',
    title: 'Сериалы и фильмы HBO Max',
    toggle: 'hbo',
    partner: true,
  },
  { href: '/dazn', text: 'DAZN', title: 'Спорт DAZN', toggle: 'dazn', partner: true },
  {
    href: '/paramount-plus',
    text: 'Paramount+',
    title: 'Сериалы и фильмы Paramount+',
    section: 'paramount-plus',
    partner: true,
  },
  { href: '/kids', text: 'Детям', title: 'Мультфильмы и сериалы для детей', section: 'kids' },
  { href: '/collections', text: 'Коллекции', title: 'Подборки фильмов и сериалов' },
  { href: '/tv', text: 'ТВ', title: 'Телеканалы онлайн' },
  { href: '/kino1tv', text: 'Кино1ТВ', title: 'Кино1ТВ', partner: true },
  { href: '/my/favorite', text: 'Избранное', title: 'Избранное', needAuth: true },
];

/**
 * Account-area menu (docs/product.md, «Screens and routes»): CIS only, and for a signed-in viewer
 * (the menu is only drawn for one; the flag keeps the rule with the items).
 */
export const ACCOUNT_MENU: NavItem[] = [
  { href: '/my/favorite', text: 'Избранное', title: 'Избранное', cisOnly: true, needAuth: true },
  {
    href: '/my/history',
    text: 'История просмотра',
    title: 'История просмотра',
    cisOnly: true,
    needAuth: true,
  },
];

const PARTNER_PROGRAMME_URL = 'https://partners.amediateka.ru/';
/** docs/product.md, «Screens and routes»: "The blog is an external link". */
export const BLOG_URL = 'https://blog.amediateka.ru/';

const contacts: NavItem = { href: '/contacts', text: 'Контакты', title: 'Контакты' };
const legal: NavItem = {
  href: '/info/legal-information',
  text: 'Правовая информация',
  title: 'Правовая информация',
};
const support: NavItem = {
  href: '/settings/support',
  text: 'Поддержка',
  title: 'Служба поддержки',
};
const recommendations: NavItem = {
  href: '/info/recommendations',
  text: 'Рекомендательные технологии',
  title: 'Правила применения рекомендательных технологий',
};

/**
 * Whether a menu item is «Поддержка»: on pages with the support widget the footer opens its popup
 * in place of the link.
 */
export const isSupportItem = (item: NavItem) => item.href === support.href;

/**
 * Footer menu 1 (docs/product.md, «Screens and routes»). Shown to guests too: /my/favorite and
 * /my/history send a guest to sign in and back.
 */
export const FOOTER_MENU_1: NavItem[] = [
  { href: '/my/favorite', text: 'Избранное', title: 'Избранное', cisOnly: true },
  { href: '/my/history', text: 'История просмотра', title: 'История просмотра', cisOnly: true },
  { href: '/search', text: 'Поиск', title: 'Поиск фильмов и сериалов' },
];

/**
 * Footer menu 2, in its mobile order (docs/product.md, «Screens and routes»). The support item carries the
 * spec's unauthenticated-user flag, false: it works for guests and members alike.
 */
export const FOOTER_MENU_2: (NavItem & { unauthenticatedUser?: boolean })[] = [
  contacts,
  { href: '/faq', text: 'Вопросы и ответы', title: 'Частые вопросы' },
  { ...support, unauthenticatedUser: false },
  {
    href: PARTNER_PROGRAMME_URL,
    text: 'Партнёрская программа',
    title: 'Партнёрская программа',
    external: true,
  },
  legal,
  recommendations,
  // Not in the spec's list of menu 2; the blog goes last so that list keeps its order.
  { href: BLOG_URL, text: 'Блог', title: 'Блог Амедиатеки', external: true },
];

/** Footer menu 3, the short one (docs/product.md, «Screens and routes»). */
export const FOOTER_MENU_3: NavItem[] = [contacts, legal, support, recommendations];

export interface ExternalLink {
  href: string;
  text: string;
  icon: string;
}

/** Social links (docs/product.md, «Screens and routes»). */
export const SOCIAL_LINKS: ExternalLink[] = [
  { href: 'https://t.me/amediateka_official', text: 'Telegram', icon: 'telegram' },
  { href: 'https://vk.com/amediateka', text: 'ВКонтакте', icon: 'vk' },
  { href: 'https://www.youtube.com/@amediateka', text: 'YouTube', icon: 'youtube' },
  { href: 'https://dzen.ru/amediateka', text: 'Дзен', icon: 'zen' },
];

/** App badges (docs/product.md, «Screens and routes»): four stores and our own Smart TV page. */
export const APP_BADGES: (ExternalLink & { external: boolean })[] = [
  {
    href: 'https://apps.apple.com/ru/app/amediateka/id1024562936',
    text: 'App Store',
    icon: 'appstore',
    external: true,
  },
  {
    href: 'https://play.google.com/store/apps/details?id=com.amediateka.mobile',
    text: 'Google Play',
    icon: 'googleplay',
    external: true,
  },
  {
    href: 'https://appgallery.huawei.com/app/C102422035',
    text: 'AppGallery',
    icon: 'appgallery',
    external: true,
  },
  {
    href: 'https://www.rustore.ru/catalog/app/com.amediateka.mobile',
    text: 'RuStore',
    icon: 'rustore',
    external: true,
  },
  { href: '/big-screen', text: 'Smart TV', icon: 'smarttv', external: false },
];

export interface Visibility {
  viewer: Viewer;
  signedIn: boolean;
  toggles: Pick<Toggles, 'isDaznDisabled' | 'isHBOAvailable'>;
}

/**
 * The items a visitor sees: sections the viewer may open, CIS-only items only in the CIS, sign-in
 * items only when signed in, DAZN not while `disable-dazn` is on, HBO Max only while available,
 * and no partner section for a kid profile (its menu keeps to what is made for it).
 * @example visibleItems(TOP_MENU, { viewer, signedIn: false, toggles }) // in Germany: no Детям
 */
export function visibleItems<T extends NavItem>(items: T[], v: Visibility): T[] {
  return items.filter(
    (item) =>
      (!item.cisOnly || v.viewer.regionGroup === 'cis') &&
      (!item.section || canSee(v.viewer, { kind: 'section', section: item.section }).allowed) &&
      (!item.needAuth || v.signedIn) &&
      !(item.toggle === 'dazn' && v.toggles.isDaznDisabled) &&
      !(item.toggle === 'hbo' && !v.toggles.isHBOAvailable) &&
      !(item.partner && v.viewer.isKid),
  );
}

/** The payment-flow paths (no support widget, no last page saved): functions/shared/purchase-flow.ts. */
export { isPaymentFlowPath } from '../../functions/shared/purchase-flow.ts';
