/**
 * A step's form and its fields: our Russian messages under the fields instead of the browser's
 * bubbles, and the form's own post to /auth when JavaScript is off.
 */
import { type ReactNode, type SubmitEvent, useContext, useId, useState } from 'react';
import { fieldMessage, formIssues } from '../../../lib/form-validation.ts';
import { BusySpinner } from '../../ui/BusySpinner.tsx';
import { authTexts as t } from '../texts.ts';
import { FieldErrors, FlowContext } from './context.ts';
import { formTarget } from './links.ts';

/** Reads a form's fields by name on submit (uncontrolled inputs: the browser keeps what was typed). */
export function onSubmit(handler: (fields: Record<string, string>) => void) {
  return (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v).trim()]),
    );
    handler(fields);
  };
}

/**
 * A step's form. With JavaScript the island sends it over the API; without, it posts to /auth
 * (src/lib/auth-actions.ts), which answers with the step again or the next one.
 */
export function Form({
  onSubmit: submit,
  children,
  action,
  form,
}: {
  onSubmit: (e: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
  action: string;
  /** Which server form this is (AUTH_FORMS). */
  form: string;
}) {
  const { backPath, state } = useContext(FlowContext);
  const { busy, step } = state;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const target = formTarget(step, backPath);
  // Our Russian messages instead of the browser's bubbles: checked here, shown by each Field.
  const check = (event: SubmitEvent<HTMLFormElement>) => {
    const issues = formIssues(event.currentTarget);
    setErrors(Object.fromEntries(issues.map(([field, message]) => [field.name, message])));
    if (issues.length === 0) return submit(event);
    event.preventDefault();
    issues[0]![0].focus();
  };
  const update = (name: string, message: string | null) =>
    setErrors(({ [name]: _, ...rest }) => (message ? { ...rest, [name]: message } : rest));
  return (
    <FieldErrors.Provider value={{ errors, update }}>
      <form
        className="auth__form"
        method="post"
        action={target}
        onSubmit={check}
        noValidate
        aria-busy={busy}
      >
        <input type="hidden" name="form" value={form} />
        {backPath && <input type="hidden" name="backPath" value={backPath} />}
        {children}
        <button className="button" type="submit" disabled={busy}>
          {action}
          <BusySpinner busy={busy} />
        </button>
      </form>
    </FieldErrors.Provider>
  );
}

export function Field({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { errors, update } = useContext(FieldErrors);
  const error = input.name ? errors[input.name] : undefined;
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        required
        onInput={(event) => {
          if (error) update(event.currentTarget.name, fieldMessage(event.currentTarget));
        }}
        {...input}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** Once a code is sent: where it went, and the field for it. */
export function SentCode({ to }: { to: string | null }) {
  if (!to) return null;
  return (
    <>
      <p className="auth__sent" role="status">
        {t.codeHint(to)}
      </p>
      <Field
        label={t.code}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
      />
    </>
  );
}
