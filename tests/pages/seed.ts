import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readD1Migrations } from '@cloudflare/vitest-plugin';

/**
 * The seed `npm start` loads (functions/db/seed/index.ts: catalogue, billing, offers, demo
 * accounts), as the statements wrangler would run, for the pages project's D1. Made in Node, where
 * the seed script runs; split by the same splitter as the migrations.
 */
export async function seedQueries(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'amedia-seed-'));
  try {
    execFileSync(process.execPath, ['functions/db/seed/index.ts', join(dir, '0001_seed.sql')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PASSWORD_ITERATIONS: '1000' },
    });
    const [seed] = await readD1Migrations(dir);
    return seed?.queries ?? [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
