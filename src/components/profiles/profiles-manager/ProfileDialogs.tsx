import type { ReactNode } from 'react';
import {
  createProfile,
  deleteProfile,
  switchProfile,
  updateProfile,
} from '../../../stores/profiles.ts';
import ModalDialog from '../../ui/ModalDialog.tsx';
import { profilesTexts as t } from '../texts.ts';
import { ProfileForm } from './ProfileForm.tsx';
import type { ProfilesManagerState } from './use-profiles-manager.ts';

/** The profiles page's dialogs: one look, named by their heading. */
function Modal(props: { title: string; onClose: () => void; children: ReactNode }) {
  return <ModalDialog className="profiles-dialog" titleId="profiles-dialog-title" {...props} />;
}

/**
 * The open dialog: a new profile, a profile's edit or removal, or the PIN to switch to an adult
 * one. Each kind is its own dialog (keyed), opened afresh, never one turned into another.
 */
export function ProfileDialogs({
  manager: { state, dialog, close },
}: {
  manager: ProfilesManagerState;
}) {
  const byId = (id: number) => state.profileList.find((p) => p.id === id);
  const profile = dialog && 'id' in dialog ? byId(dialog.id) : undefined;
  if (dialog?.kind === 'create')
    return (
      <Modal key="create" title={t.createTitle} onClose={close}>
        <ProfileForm
          avatars={state.avatars}
          initial={{ name: '', isKid: dialog.isKid, avatarId: null }}
          submitText={t.create}
          busy={state.busy}
          error={state.error}
          onCancel={close}
          onSubmit={async (v) => (await createProfile(v)) && close()}
        />
      </Modal>
    );
  if (dialog?.kind === 'edit' && profile)
    return (
      <Modal key="edit" title={t.editTitle} onClose={close}>
        <ProfileForm
          avatars={state.avatars}
          initial={{ name: profile.name, isKid: profile.isKid, avatarId: profile.avatar.id }}
          submitText={t.save}
          busy={state.busy}
          error={state.error}
          onCancel={close}
          kidLocked={dialog.id === state.currentProfile}
          onSubmit={async (v) => (await updateProfile(dialog.id, v)) && close()}
        />
      </Modal>
    );
  if (dialog?.kind === 'delete' && profile)
    return (
      <Modal key="delete" title={t.removeTitle} onClose={close}>
        <p>{t.removeLead(profile.name)}</p>
        <p className="settings-alert" role="alert" hidden={!state.error}>
          {state.error}
        </p>
        <div className="profiles-dialog__actions">
          <button
            className="button"
            type="button"
            disabled={state.busy}
            onClick={async () => (await deleteProfile(dialog.id)) && close()}
          >
            {t.removeConfirm}
          </button>
          <button className="button button--ghost" type="button" onClick={close}>
            {t.cancel}
          </button>
        </div>
      </Modal>
    );
  if (dialog?.kind === 'pin')
    return (
      <Modal key="pin" title={t.pinTitle} onClose={close}>
        <form
          className="settings-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const pin = String(new FormData(e.currentTarget).get('pin') ?? '');
            void switchProfile(dialog.id, pin);
          }}
        >
          <p className="muted">{t.pinLead}</p>
          <label htmlFor="profiles-pin">{t.pinLabel}</label>
          <input
            id="profiles-pin"
            name="pin"
            inputMode="numeric"
            autoComplete="off"
            pattern="\d{4}"
            maxLength={4}
            required
            autoFocus
          />
          <p className="settings-alert" role="alert" hidden={!state.error}>
            {state.error}
          </p>
          <div className="profiles-dialog__actions">
            <button className="button" type="submit" disabled={state.busy}>
              {t.pinSubmit}
            </button>
            <button className="button button--ghost" type="button" onClick={close}>
              {t.cancel}
            </button>
          </div>
        </form>
      </Modal>
    );
  return null;
}
