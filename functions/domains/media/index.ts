export { ART_KINDS, artUrl, artVersion, renderArt } from './art.ts';
export { DEFAULT_SUBJECT, titleSubject } from './repo.ts';
export { artSubject } from './service.ts';
