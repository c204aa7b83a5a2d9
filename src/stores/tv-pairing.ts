import { map } from 'nanostores';
import type { DeviceAuthorization } from '../../functions/domains/tv-code/index.ts';
import { type ApiClient, api, errorMessage, errorReason, isOk } from '../lib/api-client.ts';

/**
 * Pairing this browser by TV code (the device side of RFC 8628, on /big-screen): ask for a code,
 * show it, poll at the server's pace until another signed-in device confirms it on /code.
 */
type PairingPhase = 'idle' | 'loading' | 'showing' | 'expired' | 'done' | 'error';

interface TvPairingState {
  phase: PairingPhase;
  userCode: string | null;
  /** What the QR code opens: /code with the code filled in. */
  verificationUrl: string | null;
  /** The server's message of the last failure. */
  message: string | null;
}

export const $tvPairing = map<TvPairingState>({
  phase: 'idle',
  userCode: null,
  verificationUrl: null,
  message: null,
});

let timer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

/** Stops polling (a new code, or the page going away). */
function stopPairing() {
  generation++;
  clearTimeout(timer);
}

/**
 * Requests a fresh code and polls for it; `onSignedIn` runs once the server has set this browser's
 * session cookies (the page then reloads signed in).
 * @example await startPairing(() => location.reload())
 */
export async function startPairing(
  onSignedIn: () => void,
  client: ApiClient = api,
  wait = (ms: number, run: () => void) => (timer = setTimeout(run, ms)),
) {
  stopPairing();
  const mine = generation;
  $tvPairing.set({ phase: 'loading', userCode: null, verificationUrl: null, message: null });
  const started = await client.post<DeviceAuthorization>('/auth/tv_code/', undefined, {
    noToken: true,
  });
  if (mine !== generation) return;
  if (!isOk(started) || !started.data) {
    $tvPairing.set({
      phase: 'error',
      userCode: null,
      verificationUrl: null,
      message: errorMessage(started),
    });
    return;
  }
  const {
    device_code: deviceCode,
    user_code: userCode,
    verification_uri_complete: verificationUrl,
  } = started.data;
  $tvPairing.set({ phase: 'showing', userCode, verificationUrl, message: null });
  let interval = started.data.interval;
  const poll = async () => {
    if (mine !== generation) return;
    const res = await client.post(
      '/auth/tv_code/token',
      { device_code: deviceCode },
      { noToken: true },
    );
    if (mine !== generation) return;
    const reason = errorReason(res);
    if (isOk(res)) {
      $tvPairing.setKey('phase', 'done');
      onSignedIn();
    } else if (
      reason === 'authorization_pending' ||
      reason === 'slow_down' ||
      res.status === 0 ||
      res.status >= 500
    ) {
      // RFC 8628 3.5: slow_down adds five seconds for good; a network hiccup just waits a turn.
      if (reason === 'slow_down') interval += 5;
      wait(interval * 1000, poll);
    } else {
      $tvPairing.set({
        phase: 'expired',
        userCode: null,
        verificationUrl: null,
        message: errorMessage(res),
      });
    }
  };
  wait(interval * 1000, poll);
}
