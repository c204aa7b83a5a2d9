/**
 * The pages of parental control itself: they read the status their own way, so the layout reads
 * none for them and no PIN popup opens there (docs/product.md, «How things change»).
 * @example isPinPage('/settings/parental') // true; isPinPage('/settings/profiles') // false
 */
export const isPinPage = (path: string) => /^\/settings\/parental(\/|$)/.test(path);
