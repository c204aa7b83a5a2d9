import { env } from 'cloudflare:workers';
import { meteredObject } from '../../db/object-meter.ts';
import type { PendingPosition, Position, ProgressKey } from './progress-store.ts';
import type {
  Beat,
  Claim,
  ClaimSession,
  Stream,
  StreamDevice,
  StreamLimit,
} from './stream-limit.ts';

/** The account's stream-limit object (one per account, wherever its devices are). */
function limitOf(accountId: number): DurableObjectStub<StreamLimit> {
  const ns = env.STREAMS as unknown as DurableObjectNamespace<StreamLimit>;
  return meteredObject(ns.get(ns.idFromName(`account:${accountId}`)));
}

export const claimStream = (
  accountId: number,
  device: StreamDevice,
  session: ClaimSession | null,
  title: string,
  now: number,
  resume?: ProgressKey,
): Promise<Claim> =>
  limitOf(accountId).claim(device, session, title, now, resume) as Promise<Claim>;

export const heartbeatStream = (
  accountId: number,
  id: string,
  sessionId: string,
  now: number,
  learned?: { device: string; expiresAt: number },
): Promise<Beat> => limitOf(accountId).heartbeat(id, sessionId, now, learned) as Promise<Beat>;

export const streamPlaying = (accountId: number, id: string, now: number): Promise<boolean> =>
  limitOf(accountId).playing(id, now) as Promise<boolean>;

export const activeStreams = (accountId: number, now: number): Promise<Stream[]> =>
  limitOf(accountId).active(now) as Promise<Stream[]>;

export const stopStream = (accountId: number, id: string, now: number): Promise<boolean> =>
  limitOf(accountId).stop(id, now) as Promise<boolean>;

/** Keeps a position in the account's object (D1 gets it now or within the minute). */
export const recordPosition = (accountId: number, position: Position, now: number) =>
  limitOf(accountId).record(position, now) as Promise<boolean>;

/**
 * Forgets the profile's positions of these things (null: all), so one not yet in D1 does not
 * bring back a row the viewer just deleted or hid.
 */
export const forgetPositions = (
  accountId: number,
  profileId: number,
  things: { titleId: number; episodeId: number }[] | null,
) => limitOf(accountId).forget(profileId, things) as Promise<void>;

/** The profile's positions not yet in D1, newest first. */
export const pendingPositions = (accountId: number, profileId: number) =>
  limitOf(accountId).pending(profileId) as Promise<PendingPosition[]>;

/**
 * Sessions revoked in D1, told to their account's object: their streams stop and their
 * heartbeats answer session_ended (docs/decisions.md, «Progress lives in the account's Durable
 * Object»). `ended` are the rows the revoking statements returned.
 * @example await sessionsEnded(results.flatMap((r) => r.results), nowSeconds())
 */
export async function sessionsEnded(
  ended: readonly { sessionId: string; accountId: number }[],
  now: number,
  { keepStreams = false }: { keepStreams?: boolean } = {},
): Promise<void> {
  const byAccount = new Map<number, string[]>();
  for (const { sessionId, accountId } of ended)
    byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), sessionId]);
  await Promise.all(
    [...byAccount].map(([account, ids]) => limitOf(account).endSessions(ids, now, keepStreams)),
  );
}
