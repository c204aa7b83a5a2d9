import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect } from 'react';
import {
  $parental,
  closePinPopup,
  disableParental,
  enterPin,
  startParental,
} from '../../stores/parental.ts';
import ModalDialog from '../ui/ModalDialog.tsx';
import { fieldsOf, PinField } from './PinField.tsx';
import { pinTexts as t } from './texts.ts';
import './pin.css';

interface Props {
  /** The age rating of the content on this page. */
  contentAge?: number;
}

/**
 * Opened on load, the popup gives the focus to the page's content when it closes: else Tab would
 * start again from the page's top, past the header, before reaching what the viewer came for.
 */
const pageContent = () => document.querySelector<HTMLElement>('main');

/**
 * The PIN popup: fetches the status at start (docs/product.md, «How things change») and opens where the PIN is active.
 * Enabled asks for the PIN; Undefined offers to set one up or not to use parental control.
 * Modal: each screen's heading takes the focus, Tab goes round its controls, Escape closes it and
 * the focus goes back where it was. `pin-backdrop` is the name the journeys know it by.
 */
export default function PinPopup({ contentAge }: Props) {
  const state = useStore($parental);

  useEffect(() => {
    startParental({ contentAge }).catch(() => {});
  }, [contentAge]);
  if (!state.visible) return null;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void enterPin(fieldsOf(form).pin ?? '').then((ok) => ok || form.reset());
  };
  const enabled = state.status === 'Enabled';
  return (
    <ModalDialog
      className="pin-popup pin-backdrop"
      titleId="pin-popup-title"
      title={enabled ? t.popupTitle : t.popupSetupTitle}
      describedBy="pin-popup-lead"
      focusHeading={state.status}
      keepTab
      focusFallback={pageContent}
      onClose={closePinPopup}
    >
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
    </ModalDialog>
  );
}
