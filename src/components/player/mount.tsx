/**
 * The player's entry, loaded only when the viewer presses play (launcher.ts imports it): React,
 * hls.js and the player arrive then, never with the page.
 */
import { createRoot, type Root } from 'react-dom/client';
import type { ApiResult } from '../../lib/api-client.ts';
import Player from './Player.tsx';
import { playerAsPage } from './page-mode.ts';
import type { WatchAnswer, WatchTarget } from './watch-api.ts';

export interface MountOptions {
  poster?: string;
  statUrl: string;
  onClose(): void;
}

export interface MountedPlayer {
  /** Plays `target`; `answer` is its watch answer if the page asked already (launcher.ts). */
  play(target: WatchTarget, answer?: Promise<ApiResult<WatchAnswer>>): void;
  unmount(): void;
}

/** Mounts the player in `slot` (replacing the poster the page drew there). */
export function mountPlayer(slot: HTMLElement, o: MountOptions): MountedPlayer {
  let root: Root | null = createRoot(slot);
  const leavePage = playerAsPage(slot);
  return {
    play(target, answer) {
      // A new target is a new player: nothing of the last one's state carries over.
      root?.render(
        <Player
          key={JSON.stringify(target)}
          target={target}
          poster={o.poster}
          statUrl={o.statUrl}
          onClose={o.onClose}
          firstAnswer={answer}
        />,
      );
    },
    unmount() {
      root?.unmount();
      root = null;
      leavePage();
    },
  };
}
