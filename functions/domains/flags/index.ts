export type { Toggles } from './repo.ts';
export { allFlags, findFlag, togglesFrom } from './repo.ts';
export * as flagSchemas from './schemas.ts';
export { flagValue } from './service.ts';
