import { type InputHTMLAttributes, useId } from 'react';

/** One field for a 4-digit PIN: numeric keyboard, hidden digits, a visible label. */
export function PinField({
  label,
  ...input
}: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="pin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        pattern="\d{4}"
        minLength={4}
        maxLength={4}
        autoComplete="off"
        required
        {...input}
      />
    </div>
  );
}

/** A 6-digit code from the e-mail or SMS. */
export function CodeField({
  label,
  ...input
}: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="pin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="\d{6}"
        maxLength={6}
        autoComplete="one-time-code"
        required
        {...input}
      />
    </div>
  );
}

/** The form's fields by name, trimmed (uncontrolled inputs). */
export function fieldsOf(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v).trim()]));
}
