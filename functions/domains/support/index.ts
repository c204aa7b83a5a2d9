export * as supportSchemas from './schemas.ts';
export { type SupportRequestBody, supportRequestBody } from './schemas.ts';
export { type SupportSender, submitSupportRequest } from './service.ts';
export type { SupportSubject } from './texts.ts';
export { SUPPORT_SUBJECTS, supportTexts } from './texts.ts';
