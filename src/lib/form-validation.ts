import { type FieldIssue, russianIssueMessage } from '../../functions/shared/field-messages.ts';

/**
 * Our own validation messages in place of the browser's bubbles (which speak the browser's
 * language, not the page's): a form with `novalidate` checks its fields on submit with the same
 * Russian words the API answers (functions/shared/field-messages.ts), shows each message under its
 * field, linked by aria-describedby and marked aria-invalid, and moves focus to the first one.
 */

export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (el: unknown): el is Field =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

/**
 * The message for a field as it stands, or null when it is valid. A field names itself by
 * `data-field` (the API's key it stands for) or else by its `name`.
 * @example fieldMessage(emailInput) // 'Укажите e-mail'
 */
export function fieldMessage(field: Field): string | null {
  if (field.disabled || (field instanceof HTMLInputElement && field.type === 'hidden')) return null;
  const path = [field.dataset.field ?? field.name];
  const value = field.value.trim();
  const issue = (props: Omit<FieldIssue, 'path'>) => russianIssueMessage({ path, ...props });
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.validity.valueMissing ? issue({ code: 'invalid_type', input: '' }) : null;
  if (value === '') return field.required ? issue({ code: 'invalid_type', input: '' }) : null;
  if (!(field instanceof HTMLSelectElement)) {
    const { minLength, maxLength } = field;
    if (minLength > 0 && value.length < minLength)
      return issue({ code: 'too_small', origin: 'string', minimum: minLength });
    if (maxLength > 0 && value.length > maxLength)
      return issue({ code: 'too_big', origin: 'string', maximum: maxLength });
  }
  if (field.validity.typeMismatch || field.validity.patternMismatch)
    return issue({ code: 'invalid_format' });
  return null;
}

/** The form's fields that fail, in document order, with their messages. */
export function formIssues(form: HTMLFormElement): [Field, string][] {
  const issues: [Field, string][] = [];
  for (const el of form.elements) {
    if (!isField(el)) continue;
    const message = fieldMessage(el);
    if (message) issues.push([el, message]);
  }
  return issues;
}

const errorId = (field: Field) => `${field.id || field.name}-error`;

/** Shows (or with null, removes) a field's message right after the field (or its hint). */
export function showFieldMessage(field: Field, message: string | null) {
  const id = errorId(field);
  let box = document.getElementById(id);
  const described = (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter((token) => token && token !== id);
  if (!message) {
    box?.remove();
    field.removeAttribute('aria-invalid');
    if (described.length) field.setAttribute('aria-describedby', described.join(' '));
    else field.removeAttribute('aria-describedby');
    return;
  }
  if (!box) {
    box = document.createElement('p');
    box.id = id;
    box.className = 'field-error';
    const hint = described.map((token) => document.getElementById(token)).find(Boolean);
    const after = hint && hint.previousElementSibling === field ? hint : field;
    after.insertAdjacentElement('afterend', box);
  }
  box.textContent = message;
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', [id, ...described].join(' '));
}

/**
 * Checks a form and shows its messages; focus goes to the first field that fails.
 * @returns whether the form may be sent.
 */
export function checkForm(form: HTMLFormElement): boolean {
  const issues = formIssues(form);
  const failing = new Set(issues.map(([field]) => field));
  for (const el of form.elements) if (isField(el) && !failing.has(el)) showFieldMessage(el, null);
  for (const [field, message] of issues) showFieldMessage(field, message);
  issues[0]?.[0].focus();
  return issues.length === 0;
}

let guarding = false;

/**
 * Every `form[novalidate]` of the page checks itself on submit, those an island renders later
 * (a dialog's form) included: one listener on the document, in the capture phase, so a refused
 * submit never reaches the page's or the island's own handler. A field's message goes as soon as
 * what is typed mends it.
 */
export function guardForms() {
  if (guarding) return;
  guarding = true;
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.noValidate || checkForm(form)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    { capture: true },
  );
  document.addEventListener('input', (event) => {
    const field = event.target;
    if (isField(field) && field.getAttribute('aria-invalid'))
      showFieldMessage(field, fieldMessage(field));
  });
}
