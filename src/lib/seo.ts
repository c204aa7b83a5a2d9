import { SITE_NAME } from '../../functions/shared/site.ts';

/** SEO defaults (docs/product.md, «Screens and routes»). The title is copied verbatim from the spec. */
export const DEFAULT_TITLE =
  'Смотреть сериалы онлайн | Амедиатека | Новинки зарубежных сериалов и фильмов в HD-качестве';
export const DEFAULT_DESCRIPTION =
  'Смотреть сериалы онлайн в Амедиатеке: новинки зарубежных сериалов и фильмов в HD-качестве, ' +
  'премьеры HBO Max одновременно с мировым показом, кино для всей семьи и ТВ-каналы без рекламы.';
/** Open Graph image, 1200x628, in public/. */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 628 } as const;
export { SITE_NAME };

/**
 * The canonical URL: the path on the site's configured origin (never the request's Host), without
 * the query or fragment.
 * @example canonicalUrl(Astro.url, config().siteOrigin) // 'https://amediateka.example/series'
 */
export function canonicalUrl(url: URL, origin: string): string {
  return origin + url.pathname;
}

/**
 * A page's own Open Graph type and properties (https://ogp.me): a title page is `video.movie` or
 * `video.tv_show` with its release date, duration and genres.
 * @example { type: 'video.movie', properties: [['video:release_date', '2019'], ['video:duration', '7080']] }
 */
export interface OpenGraph {
  type?: string;
  properties?: [property: string, content: string][];
}
