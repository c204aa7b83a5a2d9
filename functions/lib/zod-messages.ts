import { type core, z } from 'zod';
import { russianIssueMessage } from '../shared/field-messages.ts';

/**
 * zod's messages in plain Russian about the field by its Russian name («Укажите e-mail»,
 * «Пароль должен быть не короче 8 символов»), for every check a schema does not word itself. zod's
 * own Russian locale speaks of types («ожидалось string, получено undefined») and is never shown.
 */
z.config({ customError: (issue: core.$ZodRawIssue) => russianIssueMessage(issue) });
