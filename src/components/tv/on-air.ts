/**
 * The programme on air's progress bar: how much of it has gone by, in whole minutes, with the
 * words a screen reader says for it. Shared by the server's first render and guide-client.ts,
 * which moves it on once a minute (so it imports nothing of the server).
 */

/** Whole minutes of a programme gone by at `now` (Unix seconds), and its length in minutes. */
export function elapsedMinutes(startsAt: number, endsAt: number, now: number) {
  const total = Math.max(1, Math.round((endsAt - startsAt) / 60));
  return { gone: Math.min(total, Math.max(0, Math.floor((now - startsAt) / 60))), total };
}

/**
 * The progress bar's accessible name.
 * @example elapsedText(25, 60) // → 'Прошло 25 мин из 60'
 */
export const elapsedText = (gone: number, total: number): string =>
  `Прошло ${gone}\u00a0мин из\u00a0${total}`;
