import { type ProfileItem, switchProfile } from '../../../stores/profiles.ts';
import { profilesTexts as t } from '../texts.ts';
import { profileLine } from './logic.ts';
import type { ProfilesManagerState } from './use-profiles-manager.ts';

interface Props {
  profile: ProfileItem;
  manager: ProfilesManagerState;
  /** The page is viewed on a kid profile: switching only. */
  kidView: boolean;
}

/** One profile of the list: its avatar and name, and switch, edit and remove as it may. */
export function ProfileCard({ profile: p, manager: { state, ready, open }, kidView }: Props) {
  const current = p.id === state.currentProfile;
  return (
    <li className="settings-card profile" aria-current={current ? 'true' : undefined}>
      <img className="profile__avatar" src={p.avatar.url} alt="" width={64} height={64} />
      <div className="profile__text">
        <h2 className="profile__name">{p.name}</h2>
        <p className="muted">{profileLine(p.isKid, current)}</p>
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
        {!kidView && (
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
        {!kidView && !current && (
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
}
