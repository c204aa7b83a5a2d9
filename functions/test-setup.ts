/// <reference path="../node_modules/@cloudflare/vitest-plugin/types/cloudflare-test.d.ts" />
import { reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { applyMigrations } from './db/test-migrations.ts';
import { setDeliver } from './domains/auth/mailer.ts';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    }
  }
}

// Files share a worker (vitest.config.ts, `isolate: false`), so each starts as if alone: every
// binding's data gone (D1, R2, Durable Objects, the cache), the migrations applied again, and the
// test hooks of the shared modules back to what the Worker does by itself.
await reset();
await applyMigrations(env.DB, env.TEST_MIGRATIONS);
setDeliver(null);
