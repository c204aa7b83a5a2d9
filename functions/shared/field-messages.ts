import { type FieldLabel, labelOf } from './field-labels.ts';
import { pluralForm } from './ru.ts';

/**
 * Plain Russian messages about a field by its Russian name («Укажите e-mail», «Пароль должен быть
 * не короче 8 символов»): the API's validation errors (functions/lib/zod-messages.ts) and the
 * forms' own messages in the browser (src/lib/form-validation.ts) say the same thing.
 */

/** What a message needs of a failed check: zod's issue, or one made from a field's ValidityState. */
export interface FieldIssue {
  code: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  divisor?: number | bigint;
}

const forms = {
  m: { must: 'должен', given: 'указан' },
  f: { must: 'должна', given: 'указана' },
  n: { must: 'должно', given: 'указано' },
  pl: { must: 'должны', given: 'указаны' },
} as const;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const chars = (count: number) =>
  `${count} ${pluralForm(count, { one: 'символа', few: 'символов', many: 'символов' })}`;

/**
 * The Russian message of one issue, by its code and its field's name.
 * @example russianIssueMessage({ code: 'invalid_type', path: ['email'], input: undefined, expected: 'string' }) // 'Укажите e-mail'
 */
export function russianIssueMessage(issue: FieldIssue): string {
  const label: FieldLabel = labelOf(issue.path ?? []);
  const name = capital(label.name);
  const ask = `Укажите ${label.acc ?? label.name}`;
  const { must, given } = forms[label.gender];
  const wrong = `${name} ${given} неверно`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return ask;
      if (issue.expected === 'number' || issue.expected === 'int')
        return `${name} ${must} быть числом`;
      return wrong;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? ask : `${name} ${must} быть не короче ${chars(min)}`;
      if (issue.origin === 'number') return `${name} ${must} быть не меньше ${min}`;
      return ask;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${name} ${must} быть не длиннее ${chars(max)}`;
      if (issue.origin === 'number') return `${name} ${must} быть не больше ${max}`;
      return wrong;
    }
    case 'invalid_format':
      return `${name} ${given} в неверном формате`;
    case 'invalid_value':
    case 'invalid_union':
      return `${wrong}: выберите один из предложенных вариантов`;
    case 'not_multiple_of':
      return `${name} ${must} делиться на ${issue.divisor}`;
    default:
      return wrong;
  }
}
