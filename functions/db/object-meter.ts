import { env } from 'cloudflare:workers';
import { config } from '../lib/config.ts';
import { meterObjectCall, meterR2Read } from './d1-meter.ts';
import { requestKind } from './request-session.ts';

/**
 * A Durable Object stub whose calls the development meter counts (functions/db/d1-meter.ts),
 * under the kind of request that made them; with dev routes off the stub itself.
 * @example return meteredObject(ns.get(ns.idFromName(`account:${accountId}`)))
 */
export function meteredObject<T extends object>(stub: T): T {
  if (!config().devRoutes) return stub;
  return new Proxy(stub, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'then') return value;
      return (...args: unknown[]) => {
        meterObjectCall(requestKind());
        // Reflect.apply: on an RPC stub, `.apply` would itself be a remote method's name.
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}

/**
 * The media bucket (binding MEDIA) with its reads counted by the development meter, under the
 * kind of request that made them; with dev routes off the binding itself. A segment the edge
 * cache answers reads nothing here: what is counted is what R2 would bill.
 * @example const object = await mediaBucket().get(`vod/${clip}/meta.json`)
 */
export function mediaBucket(): R2Bucket {
  const bucket = env.MEDIA;
  if (!config().devRoutes) return bucket;
  return new Proxy(bucket, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'get' || prop === 'head') meterR2Read(requestKind());
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
