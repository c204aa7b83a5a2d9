import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type SubmitEvent, useEffect, useRef } from 'react';
import {
  $parental,
  closePinPopup,
  disableParental,
  enterPin,
  startParental,
} from '../../stores/parental.ts';
import { fieldsOf, PinField } from './PinField.tsx';
import { pinTexts as t } from './texts.ts';
import './pin.css';

interface Props {
  /** The page is on a flow where the PIN is active (docs/product.md, «Screens and routes»). */
  pinFlow?: boolean;
  /** The age rating of the content on this page. */
  contentAge?: number;
}

/**
 * The popup is modal (aria-modal): Tab and Shift+Tab go round its controls, never on to the page
 * behind it, as a keyboard user expects; Escape closes it.
 */
function onKeys(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key === 'Escape') {
    closePinPopup();
    return;
  }
  if (event.key !== 'Tab') return;
  const controls = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled])',
    ),
  ];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const at = document.activeElement as HTMLElement;
  // From the first control (or the heading, which holds the focus when the popup opens) back to
  // the last; from the last on to the first.
  const atFirst = at === first || !controls.includes(at);
  const wrapTo = event.shiftKey ? (atFirst ? last : null) : at === last ? first : null;
  if (!wrapTo) return;
  event.preventDefault();
  wrapTo.focus();
}

/**
 * The PIN popup: fetches the status at start (docs/product.md, «How things change») and opens where the PIN is active.
 * Enabled asks for the PIN; Undefined offers to set one up or not to use parental control.
 */
export default function PinPopup({ pinFlow = false, contentAge }: Props) {
  const state = useStore($parental);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    startParental({ pinFlow, contentAge }).catch(() => {});
  }, [pinFlow, contentAge]);
  // Before the heading takes the focus (effects run in order). Closed, the popup gives the focus
  // back where it was, or to the page's content when it opened on load: else Tab would go on from
  // where the popup was, past the content, to the footer. Focus taken elsewhere meanwhile stays.
  const before = useRef<Element | null>(null);
  useEffect(() => {
    if (state.visible) {
      before.current ??= document.activeElement;
      return;
    }
    const back = before.current;
    before.current = null;
    if (!back || (document.activeElement && document.activeElement !== document.body)) return;
    const target =
      back !== document.body && back.isConnected ? back : document.querySelector('main');
    (target as HTMLElement | null)?.focus();
  }, [state.visible]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new status is a new screen: focus its heading
  useEffect(() => {
    if (state.visible) heading.current?.focus();
  }, [state.visible, state.status]);
  if (!state.visible) return null;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void enterPin(fieldsOf(form).pin ?? '').then((ok) => ok || form.reset());
  };
  const enabled = state.status === 'Enabled';
  return (
    <div className="pin-backdrop" onKeyDown={onKeys}>
      <div
        className="pin-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pin-popup-title"
        aria-describedby="pin-popup-lead"
      >
        <h2 id="pin-popup-title" ref={heading} tabIndex={-1}>
          {enabled ? t.popupTitle : t.popupSetupTitle}
        </h2>
        <p id="pin-popup-lead" className="pin-lead">
          {enabled ? t.popupLead : t.popupSetupLead}
        </p>
        {enabled ? (
          <form className="pin-form" onSubmit={submit} aria-busy={state.busy}>
            <PinField label={t.pinLabel} name="pin" autoFocus />
            <button className="button" type="submit" disabled={state.busy}>
              {t.enter}
            </button>
          </form>
        ) : (
          <a className="button" href="/settings/parental?step=age">
            {t.setupLink}
          </a>
        )}
        <p className="pin-error" role="alert">
          {state.error}
        </p>
        <div className="pin-actions">
          {enabled ? (
            <a className="pin-link" href="/settings/parental?step=recovery">
              {t.forgot}
            </a>
          ) : (
            <button className="pin-link" type="button" onClick={() => void disableParental()}>
              {t.notNow}
            </button>
          )}
          <button className="pin-link" type="button" onClick={closePinPopup}>
            {t.close}
          </button>
        </div>
      </div>
    </div>
  );
}
