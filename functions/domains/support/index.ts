export { createSupportRequest } from './repo.ts';
export type { SupportSubject } from './texts.ts';
export { SUPPORT_SUBJECTS, supportTexts } from './texts.ts';
