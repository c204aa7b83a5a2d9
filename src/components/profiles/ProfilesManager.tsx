import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import type { Avatar } from '../../../functions/domains/profiles/index.ts';
import { showToast } from '../../lib/toast.ts';
import {
  $profiles,
  createProfile,
  deleteProfile,
  initProfiles,
  type ProfileItem,
  selectProfile,
  switchProfile,
  updateProfile,
} from '../../stores/profiles.ts';
import ModalDialog from '../ui/ModalDialog.tsx';
import { profilesTexts as t } from './texts.ts';
import './profiles.css';

interface Props {
  profiles: ProfileItem[];
  currentId: number;
  avatars: Avatar[];
  kidsAvailable: boolean;
  /** The page is viewed on a kid profile: switching only. */
  kidView: boolean;
}

type Dialog =
  | { kind: 'create'; isKid: boolean }
  | { kind: 'edit'; id: number }
  | { kind: 'delete'; id: number }
  | { kind: 'pin'; id: number }
  | null;

/** The profiles page's dialogs: one look, named by their heading. */
function Modal(props: { title: string; onClose: () => void; children: React.ReactNode }) {
  return <ModalDialog className="profiles-dialog" titleId="profiles-dialog-title" {...props} />;
}

/** /settings/profiles: the account's profiles with switch, and (adult profiles) create, edit, delete. */
export default function ProfilesManager(props: Props) {
  const storeState = useStore($profiles);
  const [ready, setReady] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Before hydration the props are the state (server render); then the store takes over. Until
  // then the buttons are disabled: they do nothing without the island, and a click made before it
  // hydrates (client:idle, a slow phone) must not be lost.
  const state = ready
    ? storeState
    : {
        ...storeState,
        profileList: props.profiles,
        currentProfile: props.currentId,
        avatars: props.avatars,
        kidsAvailable: props.kidsAvailable,
      };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount, from the server's props
  useEffect(() => {
    initProfiles({
      profileList: props.profiles,
      currentProfile: props.currentId,
      avatars: props.avatars,
      kidsAvailable: props.kidsAvailable,
    });
    setReady(true);
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle('profile-switching', state.kidSwitchInProgress);
  }, [state.kidSwitchInProgress]);
  useEffect(() => {
    if (state.pinNeeded && state.selectedProfile !== null)
      setDialog({ kind: 'pin', id: state.selectedProfile });
  }, [state.pinNeeded, state.selectedProfile]);

  const open = (d: Dialog, target: HTMLElement) => {
    opener.current = target;
    selectProfile(d && 'id' in d ? d.id : null);
    setDialog(d);
  };
  const close = () => {
    setDialog(null);
    selectProfile(null);
  };
  // Focus goes back to the button that opened the dialog once the dialog has left the page.
  useEffect(() => {
    if (dialog === null && opener.current) {
      // A deleted profile takes its button with it: the list's first button takes the focus.
      const target =
        opener.current.isConnected && !(opener.current as HTMLButtonElement).disabled
          ? opener.current
          : document.querySelector<HTMLElement>('.profiles button:not([disabled])');
      target?.focus();
      opener.current = null;
    }
  }, [dialog]);
  // A created, saved or removed profile is told in the page's toast region.
  useEffect(() => {
    if (state.notice) showToast(state.notice);
  }, [state.notice]);
  const byId = (id: number) => state.profileList.find((p) => p.id === id);
  const full = state.profileList.length >= 5;

  return (
    <div className="profiles">
      <p className="muted">{props.kidView ? t.kidLead : t.lead}</p>
      {!dialog && state.error && (
        <p className="settings-alert" role="alert">
          {state.error}
        </p>
      )}
      {state.kidSwitchInProgress && (
        <p className="visually-hidden" role="status">
          {t.switching}
        </p>
      )}
      <ul className="profiles-list" aria-label={t.listLabel}>
        {state.profileList.map((p) => {
          const current = p.id === state.currentProfile;
          return (
            <li
              key={p.id}
              className="settings-card profile"
              aria-current={current ? 'true' : undefined}
            >
              <img className="profile__avatar" src={p.avatar.url} alt="" width={64} height={64} />
              <div className="profile__text">
                <h2 className="profile__name">{p.name}</h2>
                <p className="muted">
                  {[p.isKid && t.kidBadge, current && t.current].filter(Boolean).join(' · ')}
                </p>
              </div>
              <div className="profile__actions">
                {!current && (
                  <button
                    className="button"
                    type="button"
                    disabled={!ready || state.busy}
                    aria-label={t.switchTo(p.name)}
                    onClick={() => void switchProfile(p.id)}
                  >
                    {t.switchShort}
                  </button>
                )}
                {!props.kidView && (
                  <button
                    className="button button--ghost"
                    type="button"
                    disabled={!ready}
                    aria-label={t.edit(p.name)}
                    onClick={(e) => open({ kind: 'edit', id: p.id }, e.currentTarget)}
                  >
                    {t.editShort}
                  </button>
                )}
                {!props.kidView && !current && (
                  <button
                    className="button button--ghost"
                    type="button"
                    disabled={!ready}
                    aria-label={t.remove(p.name)}
                    onClick={(e) => open({ kind: 'delete', id: p.id }, e.currentTarget)}
                  >
                    {t.removeShort}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {!props.kidView && (
        <div className="profiles-add">
          <button
            className="button"
            type="button"
            disabled={!ready || full}
            onClick={(e) => open({ kind: 'create', isKid: false }, e.currentTarget)}
          >
            {t.add}
          </button>
          <button
            className="button button--ghost"
            type="button"
            disabled={!ready || !state.kidsAvailable || full}
            onClick={(e) => open({ kind: 'create', isKid: true }, e.currentTarget)}
          >
            {t.addKid}
          </button>
          {full && <p className="muted">{t.limitReached}</p>}
        </div>
      )}

      {dialog?.kind === 'create' && (
        <Modal title={t.createTitle} onClose={close}>
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
      )}
      {dialog?.kind === 'edit' && byId(dialog.id) && (
        <Modal title={t.editTitle} onClose={close}>
          <ProfileForm
            avatars={state.avatars}
            initial={{
              name: byId(dialog.id)!.name,
              isKid: byId(dialog.id)!.isKid,
              avatarId: byId(dialog.id)!.avatar.id,
            }}
            submitText={t.save}
            busy={state.busy}
            error={state.error}
            onCancel={close}
            kidLocked={dialog.id === state.currentProfile}
            onSubmit={async (v) => (await updateProfile(dialog.id, v)) && close()}
          />
        </Modal>
      )}
      {dialog?.kind === 'delete' && byId(dialog.id) && (
        <Modal title={t.removeTitle} onClose={close}>
          <p>{t.removeLead(byId(dialog.id)!.name)}</p>
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
      )}
      {dialog?.kind === 'pin' && (
        <Modal title={t.pinTitle} onClose={close}>
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
      )}
    </div>
  );
}

interface FormValues {
  name: string;
  isKid: boolean;
  avatarId?: number;
}

function ProfileForm(p: {
  avatars: Avatar[];
  initial: { name: string; isKid: boolean; avatarId: number | null };
  submitText: string;
  busy: boolean;
  error: string | null;
  kidLocked?: boolean;
  onCancel: () => void;
  onSubmit: (v: FormValues) => Promise<unknown>;
}) {
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const avatar = Number(form.get('avatar'));
    void p.onSubmit({
      name: String(form.get('name') ?? ''),
      isKid: p.kidLocked ? p.initial.isKid : form.get('isKid') === 'on',
      ...(avatar > 0 && { avatarId: avatar }),
    });
  };
  return (
    <form className="settings-form profiles-form" onSubmit={submit} noValidate>
      <label htmlFor="profile-name">{t.nameLabel}</label>
      <input
        id="profile-name"
        name="name"
        defaultValue={p.initial.name}
        required
        maxLength={40}
        autoComplete="off"
        autoFocus
      />
      {!p.kidLocked && (
        <label className="profiles-check">
          <input type="checkbox" name="isKid" defaultChecked={p.initial.isKid} /> {t.kidLabel}
        </label>
      )}
      <fieldset className="profiles-avatars">
        <legend>{t.avatarLegend}</legend>
        {p.avatars.map((a) => (
          <label key={a.id} className="profiles-avatar">
            <input
              type="radio"
              name="avatar"
              value={a.id}
              defaultChecked={a.id === p.initial.avatarId}
            />
            <img src={a.url} alt={t.avatarAlt(a.id)} width={48} height={48} />
          </label>
        ))}
      </fieldset>
      <p className="settings-alert" role="alert" hidden={!p.error}>
        {p.error}
      </p>
      <div className="profiles-dialog__actions">
        <button className="button" type="submit" disabled={p.busy}>
          {p.submitText}
        </button>
        <button className="button button--ghost" type="button" onClick={p.onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
