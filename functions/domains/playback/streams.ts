import { env } from 'cloudflare:workers';
import type { Beat, Claim, Stream, StreamDevice, StreamLimit } from './stream-limit.ts';

/** The account's stream-limit object (one per account, wherever its devices are). */
function limitOf(accountId: number): DurableObjectStub<StreamLimit> {
  const ns = env.STREAMS as unknown as DurableObjectNamespace<StreamLimit>;
  return ns.get(ns.idFromName(`account:${accountId}`));
}

export const claimStream = (
  accountId: number,
  device: StreamDevice,
  title: string,
  now: number,
): Promise<Claim> => limitOf(accountId).claim(device, title, now) as Promise<Claim>;

export const heartbeatStream = (
  accountId: number,
  id: string,
  device: string,
  now: number,
): Promise<Beat> => limitOf(accountId).heartbeat(id, device, now) as Promise<Beat>;

export const streamPlaying = (accountId: number, id: string, now: number): Promise<boolean> =>
  limitOf(accountId).playing(id, now) as Promise<boolean>;

export const activeStreams = (accountId: number, now: number): Promise<Stream[]> =>
  limitOf(accountId).active(now) as Promise<Stream[]>;

export const stopStream = (accountId: number, id: string, now: number): Promise<boolean> =>
  limitOf(accountId).stop(id, now) as Promise<boolean>;
