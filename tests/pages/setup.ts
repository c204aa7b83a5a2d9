/// <reference path="../../node_modules/@cloudflare/vitest-plugin/types/cloudflare-test.d.ts" />
import { env } from 'cloudflare:workers';
import { applyMigrations } from '../../functions/db/test-migrations.ts';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
      TEST_DEV_SCHEMA: string[];
      TEST_SEED: string[];
    }
  }
}

/**
 * The pages project's D1 is the local stack's: migrated and seeded once per worker (its files
 * share one workerd), then shared by every file in it, as the browser journeys share theirs. Tests
 * here make their own accounts and never rely on a table being empty.
 */
const migrated = await env.DB.prepare(
  "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'",
).first();
if (!migrated) {
  await applyMigrations(env.DB, env.TEST_MIGRATIONS, env.TEST_DEV_SCHEMA);
  await env.DB.batch(env.TEST_SEED.map((q) => env.DB.prepare(q)));
}
