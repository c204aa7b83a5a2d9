export { accountOf, accountSettingsPage } from './account.ts';
export { confirmContactChange, requestContactChange } from './contact-change.ts';
export type { AccountAnswer } from './schemas.ts';
export * as contactSchemas from './schemas.ts';
