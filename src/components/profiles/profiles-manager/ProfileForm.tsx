import type { SubmitEvent } from 'react';
import type { Avatar } from '../../../../functions/domains/profiles/index.ts';
import { profilesTexts as t } from '../texts.ts';
import { type ProfileFormValues, profileFormValues } from './logic.ts';

interface Props {
  avatars: Avatar[];
  initial: { name: string; isKid: boolean; avatarId: number | null };
  submitText: string;
  busy: boolean;
  error: string | null;
  /** The current profile: its kid flag may not change. */
  kidLocked?: boolean;
  onCancel: () => void;
  onSubmit: (v: ProfileFormValues) => Promise<unknown>;
}

/** A profile's name, kid flag and avatar: the create and edit dialogs' form. */
export function ProfileForm(p: Props) {
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    void p.onSubmit(profileFormValues(new FormData(e.currentTarget), p.initial, p.kidLocked));
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
