import { forgetPositions, type PendingPosition, pendingPositions } from '../playback/index.ts';

/**
 * Positions the player sent that the account's object has not written to D1 yet (it writes at
 * most once a minute: docs/decisions.md, «Progress lives in the account's Durable Object»). A
 * list reads them in parallel with its D1 batch and lays them over its rows, so what a viewer
 * sees is never older than the last position sent. None for a guest.
 */
export function pendingOf(
  accountId: number | string | null | undefined,
  profileId: number | null,
): Promise<PendingPosition[]> {
  const account = Number(accountId);
  if (!accountId || !Number.isInteger(account) || profileId === null) return Promise.resolve([]);
  return pendingPositions(account, profileId);
}

/**
 * After a statement deleted or hid progress rows: the account's object forgets those things
 * (all of the profile's: `null`), so a position it has not written yet cannot bring them back.
 */
export async function forgetPending(
  accountId: number | string | null | undefined,
  profileId: number,
  things: { titleId: number; episodeId: number }[] | null,
): Promise<void> {
  const account = Number(accountId);
  if (!accountId || !Number.isInteger(account) || things?.length === 0) return;
  await forgetPositions(account, profileId, things);
}

interface ProgressColumns {
  /** The title's id (the card's). */
  id: number;
  episodeId: number;
  position: number;
  duration: number;
  completed: number;
  updatedAt: number;
}

/**
 * The rows with the newer pending position of the same film or episode laid over them, newest
 * first again (a fresher position moves its row up, as its D1 write will).
 * @example overlay(rows, await pendingOf(account, profile))
 */
export function overlay<T extends ProgressColumns>(rows: T[], pending: PendingPosition[]): T[] {
  if (pending.length === 0) return rows;
  const merged = rows.map((row) => {
    const p = pending.find((q) => q.titleId === row.id && q.episodeId === row.episodeId);
    if (!p || p.updatedAt < row.updatedAt) return row;
    return {
      ...row,
      position: p.position,
      duration: p.duration,
      completed: p.completed ? 1 : 0,
      updatedAt: p.updatedAt,
    };
  });
  return merged
    .map((row, i) => ({ row, i }))
    .sort((a, b) => b.row.updatedAt - a.row.updatedAt || a.i - b.i)
    .map(({ row }) => row);
}
