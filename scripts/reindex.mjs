// `npm run db:reindex`: rebuilds the search index (titles_search, search_names, search_words,
// search_pairs) from the catalogue tables. The seed does it after loading; content that arrives
// another way (the CMS tables in production) needs it run once loaded:
// `npm run db:reindex -- --remote --env production`.
// Without arguments it works on the local D1 in PERSIST_TO (default .wrangler/state).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { reindexTitlesSql } from '../functions/db/search-index.ts';

const args = process.argv.slice(2);
const target = args.includes('--remote')
  ? args
  : ['--local', '--persist-to', process.env.PERSIST_TO ?? '.wrangler/state', ...args];
mkdirSync('.wrangler', { recursive: true });
const file = '.wrangler/reindex.sql';
writeFileSync(file, `${reindexTitlesSql().join(';\n')};\n`);
execFileSync('wrangler', ['d1', 'execute', 'DB', ...target, '--file', file], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
console.log(`search index rebuilt (${args.includes('--remote') ? 'remote' : 'local'} D1)`);
