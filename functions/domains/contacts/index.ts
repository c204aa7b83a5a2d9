export { confirmContactChange, requestContactChange } from './contact-change.ts';
