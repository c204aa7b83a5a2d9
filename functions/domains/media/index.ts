export { ART_KINDS, artUrl, artVersion, renderArt } from './art.ts';
export { DEFAULT_SUBJECT, findArtSubject, titleSubject } from './repo.ts';
