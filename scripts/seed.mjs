// Loads the seed into the local D1 (`npm run db:seed`). Idempotent: safe to run on every start.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const persistTo = process.env.PERSIST_TO ?? '.wrangler/state';
mkdirSync('.wrangler', { recursive: true });
const file = '.wrangler/seed.sql';
execFileSync(process.execPath, ['functions/db/seed/index.ts', file], { stdio: 'inherit' });
execFileSync(
  'wrangler',
  ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
console.log(`seed loaded into ${persistTo}`);
