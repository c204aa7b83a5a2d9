export type { Toggles } from './repo.ts';
export { allFlags, findFlag, togglesFrom } from './repo.ts';
