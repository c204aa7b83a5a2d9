/**
 * The seed: writes SQL for every seed table to stdout (or to the file given as the argument).
 * Deterministic; every statement is idempotent. Run by `npm run db:seed`.
 */
import { writeFileSync } from 'node:fs';
import { catalogueSql } from './catalogue/index.ts';
import { flagSeed } from './flags.ts';
import { insertIgnore } from './sql.ts';
import { techPageSeed } from './tech-pages.ts';

const sql = [
  insertIgnore('feature_flags', flagSeed),
  insertIgnore(
    'tech_pages',
    techPageSeed.map((p) => ({ slug: p.slug, title: p.title, lead: p.lead, sections: p.sections })),
  ),
  catalogueSql(),
].join('\n');

const out = process.argv[2];
if (out) writeFileSync(out, sql);
else process.stdout.write(sql);
