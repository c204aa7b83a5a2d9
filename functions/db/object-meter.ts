import { config } from '../lib/config.ts';
import { meterObjectCall } from './d1-meter.ts';
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
