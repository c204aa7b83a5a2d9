/**
 * The viewer's audio and subtitle choice: a profile keeps it on the server (the watch answer brings
 * it back), a guest in this browser's localStorage.
 */
import { type Preferences, savePreferences } from './watch-api.ts';

const KEY = 'playerPreferences';

function readLocal(): Partial<Preferences> {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    const out: Partial<Preferences> = {};
    if (typeof raw.audio === 'string') out.audio = raw.audio;
    if (typeof raw.subtitles === 'string') out.subtitles = raw.subtitles;
    return out;
  } catch {
    return {};
  }
}

/** The choice to start with: the server's for a profile, this browser's (over the server's default) for a guest. */
export const startingPreferences = (fromServer: Preferences, guest: boolean): Preferences =>
  guest ? { ...fromServer, ...readLocal() } : fromServer;

/** Remembers a new choice where this viewer keeps it; a failed save only costs the memory. */
export function rememberPreferences(p: Preferences, guest: boolean) {
  if (guest) {
    try {
      localStorage.setItem(KEY, JSON.stringify(p));
    } catch {
      // Storage full or blocked: the choice holds for this page only.
    }
    return;
  }
  void savePreferences(p);
}
