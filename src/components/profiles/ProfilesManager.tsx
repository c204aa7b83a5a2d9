import { isFull } from './profiles-manager/logic.ts';
import { ProfileCard } from './profiles-manager/ProfileCard.tsx';
import { ProfileDialogs } from './profiles-manager/ProfileDialogs.tsx';
import {
  type ProfilesManagerProps,
  useProfilesManager,
} from './profiles-manager/use-profiles-manager.ts';
import { profilesTexts as t } from './texts.ts';
import './profiles.css';

/** /settings/profiles: the account's profiles with switch, and (adult profiles) create, edit, delete. */
export default function ProfilesManager(props: ProfilesManagerProps) {
  const manager = useProfilesManager(props);
  const { state, ready, dialog, open } = manager;
  const full = isFull(state.profileList);

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
        {state.profileList.map((p) => (
          <ProfileCard key={p.id} profile={p} manager={manager} kidView={props.kidView} />
        ))}
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
      <ProfileDialogs manager={manager} />
    </div>
  );
}
