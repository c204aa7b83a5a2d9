export {
  ART_KINDS,
  type ArtKind,
  artUrl,
  artVersion,
  gradientArt,
  monogram,
  renderArt,
} from './art.ts';
export { storedArt } from './art-store.ts';
export { DEFAULT_SUBJECT, titleSubject } from './repo.ts';
export * as mediaSchemas from './schemas.ts';
export { artSubject } from './service.ts';
