export type { Toggles } from './repo.ts';
export { allFlags, findFlag, togglesFrom } from './repo.ts';
export { flagValue } from './service.ts';
