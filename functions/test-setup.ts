/// <reference path="../node_modules/@cloudflare/vitest-plugin/types/cloudflare-test.d.ts" />
import {
  abortAllDurableObjects,
  listDurableObjectIds,
  reset,
  runInDurableObject,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { getCurrentScope, getGlobalScope, getIsolationScope } from '@sentry/cloudflare';
import { freshD1 } from './db/test-migrations.ts';
import { setDeliver } from './domains/auth/mailer.ts';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
      TEST_DEV_SCHEMA: string[];
    }
  }
}

// Files share a worker (vitest.config.ts, `isolate: false`), so each starts as if alone: every
// binding's data gone (D1, R2, Durable Objects, the cache), the migrations applied again, and the
// test hooks of the shared modules back to what the Worker does by itself.
await reset();
// `reset()` cannot delete an object that the previous file's requests still hold: empty what is left.
const streams = env.STREAMS as unknown as DurableObjectNamespace;
const left = await listDurableObjectIds(streams);
if (left.length > 0) {
  for (const id of left)
    await runInDurableObject(streams.get(id), (_, state) => state.storage.deleteAll());
  await abortAllDurableObjects();
}
await freshD1(env.DB, env.TEST_MIGRATIONS, env.TEST_DEV_SCHEMA);
setDeliver(null);
// The error reporter's client of a previous file (its DSN, its closed transport) is not this one's.
for (const scope of [getCurrentScope(), getIsolationScope(), getGlobalScope()])
  scope.setClient(undefined);
