import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Avatar } from '../../../../functions/domains/profiles/index.ts';
import { showToast } from '../../../lib/toast.ts';
import {
  $profiles,
  initProfiles,
  type ProfileItem,
  selectProfile,
} from '../../../stores/profiles.ts';
import { dialogProfile, type ProfileDialog } from './logic.ts';

export interface ProfilesManagerProps {
  profiles: ProfileItem[];
  currentId: number;
  avatars: Avatar[];
  kidsAvailable: boolean;
  /** The page is viewed on a kid profile: switching only. */
  kidView: boolean;
  /** The adult profile a switch from the header asked the PIN for: its dialog opens at once. */
  askPinFor?: number;
}

/**
 * The island's state: the server's props until it hydrates, then the store; the open dialog, and
 * the button that opened it (focus goes back there).
 */
export function useProfilesManager(props: ProfilesManagerProps) {
  const storeState = useStore($profiles);
  const [ready, setReady] = useState(false);
  const [dialog, setDialog] = useState<ProfileDialog>(null);
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
    if (props.askPinFor !== undefined) {
      selectProfile(props.askPinFor);
      setDialog({ kind: 'pin', id: props.askPinFor });
    }
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle('profile-switching', state.kidSwitchInProgress);
  }, [state.kidSwitchInProgress]);
  useEffect(() => {
    if (state.pinNeeded && state.selectedProfile !== null)
      setDialog({ kind: 'pin', id: state.selectedProfile });
  }, [state.pinNeeded, state.selectedProfile]);

  const open = (d: ProfileDialog, target: HTMLElement) => {
    opener.current = target;
    selectProfile(dialogProfile(d));
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

  return { state, ready, dialog, open, close };
}

/** What the island's parts are given. */
export type ProfilesManagerState = ReturnType<typeof useProfilesManager>;
