export { type AccountAnswer, accountOf, accountSettingsPage } from './account.ts';
export { confirmContactChange, requestContactChange } from './contact-change.ts';
