/**
 * The seed: writes SQL for every seed table to stdout (or to the file given as the argument).
 * Deterministic for a given reference day; every statement is idempotent. Run by `npm run db:seed`.
 * The catalogue's dates (releases, premieres, the TV week) are laid around the day the database
 * is first seeded (Moscow), so a fresh local stack always has a current TV guide;
 * `SEED_REFERENCE=YYYY-MM-DD` pins it.
 */
import { writeFileSync } from 'node:fs';
import { hashPassword } from '../../domains/auth/password.ts';
import { typeset, typesetDeep } from '../../lib/typeset.ts';
import { calendarDay } from '../../shared/ru.ts';
import { billingSql } from './billing.ts';
import { moscowMidnight } from './catalogue/clock.ts';
import { catalogueSql } from './catalogue/index.ts';
import { DEMO_ACCOUNTS, demoStatements } from './demo.ts';
import { flagSeed } from './flags.ts';
import { offersSql } from './offers.ts';
import { insertIgnore } from './sql.ts';
import { staffDemoStatements } from './staff.ts';
import { techPageSeed } from './tech-pages.ts';

const reference = process.env.SEED_REFERENCE ?? calendarDay(new Date());
// The demo accounts' password hash at the cost the server is configured with (PASSWORD_ITERATIONS;
// the tests lower it), else production's.
const passwordHash = await hashPassword(
  DEMO_ACCOUNTS.subscriber.password,
  Number(process.env.PASSWORD_ITERATIONS) || undefined,
);
const sql = [
  insertIgnore('feature_flags', flagSeed),
  insertIgnore(
    'tech_pages',
    // CMS texts are stored typeset (functions/lib/typeset.ts), as the CMS would write them.
    techPageSeed.map((p) => ({
      slug: p.slug,
      title: p.title,
      lead: typeset(p.lead),
      sections: typesetDeep(p.sections),
    })),
  ),
  catalogueSql({ reference }),
  billingSql(),
  offersSql(),
  // After the catalogue: the demo history and favourites pick titles from it.
  ...demoStatements(passwordHash, moscowMidnight(reference)),
  ...staffDemoStatements(passwordHash, moscowMidnight(reference)),
].join('\n');

const out = process.argv[2];
if (out) writeFileSync(out, sql);
else process.stdout.write(sql);
