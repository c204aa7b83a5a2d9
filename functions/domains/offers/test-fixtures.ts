import { env } from 'cloudflare:workers';
import {
  emExperiments,
  emRules,
  emVariants,
  pollOptions,
  pollQuestions,
  polls,
} from '../../db/seed/offers.ts';
import { insertIgnore } from '../../db/seed/sql.ts';

/** Every offers table, children first. */
const OFFERS_TABLES = [
  'poll_answers',
  'poll_responses',
  'poll_options',
  'poll_questions',
  'polls',
  'em_assignments',
  'em_rules',
  'em_variants',
  'em_experiments',
] as const;

/** The seed's polls, experiments and rules for Worker tests (after loadBillingFixture). */
export async function loadOffersFixture() {
  await env.DB.batch(
    [
      ...OFFERS_TABLES.map((t) => `DELETE FROM ${t}`),
      insertIgnore('polls', polls),
      insertIgnore('poll_questions', pollQuestions),
      insertIgnore('poll_options', pollOptions),
      insertIgnore('em_experiments', emExperiments),
      insertIgnore('em_variants', emVariants),
      insertIgnore('em_rules', emRules),
    ].map((q) => env.DB.prepare(q)),
  );
}
