/**
 * D1 statements of the offers: polls and their responses, the free-days offer, the event
 * manager's rules, variants and assignments (docs/product.md, «Money» and «Event manager»).
 */
import { prepare, type Sql, sql } from '../../db/sql.ts';

/** A poll's rows, one per option, and whether `respondent` (its key, or null) has answered it. */
export function pollRows(db: D1Database, slug: string, respondent: string | null) {
  return prepare(
    db,
    sql`SELECT p.slug, p.title, p.description, p.button_text AS buttonText,
              p.thanks_text AS thanksText, p.submit_event AS submitEvent,
              q.id AS questionId, q.text AS question, q.with_comment AS withComment,
              o.id AS optionId, o.text AS option,
              EXISTS (SELECT 1 FROM poll_responses r
                WHERE r.poll_slug = p.slug AND r.respondent = ${respondent}) AS answered
         FROM polls p
         LEFT JOIN poll_questions q ON q.poll_slug = p.slug
         LEFT JOIN poll_options o ON o.question_id = q.id
        WHERE p.slug = ${slug} AND p.active = 1
        ORDER BY q.sort, q.id, o.sort, o.id`,
  );
}

/**
 * A response and its answers, for one batch: a second response breaks the unique key and the
 * batch stores nothing.
 */
export function pollResponse(
  db: D1Database,
  r: { slug: string; respondent: string; accountId: number | null; now: number },
  answers: { questionId: number; optionId: number; comment: string | null }[],
): D1PreparedStatement[] {
  const response: Sql = sql`(SELECT id FROM poll_responses WHERE poll_slug = ${r.slug} AND respondent = ${r.respondent})`;
  return [
    prepare(
      db,
      sql`INSERT INTO poll_responses (poll_slug, respondent, account_id, created_at) VALUES (${r.slug}, ${r.respondent}, ${r.accountId}, ${r.now})`,
    ),
    ...answers.map((a) =>
      prepare(
        db,
        sql`INSERT INTO poll_answers (response_id, question_id, option_id, comment)
             VALUES (${response}, ${a.questionId}, ${a.optionId}, ${a.comment})`,
      ),
    ),
  ];
}

/**
 * The free-days offer on sale, with whether this account took it (`grantKey`) or ever had a
 * subscription; both null for a guest.
 */
export function freeDaysOfferRow(
  db: D1Database,
  accountId: number | null,
  grantKey: string | null,
) {
  return prepare(
    db,
    sql`SELECT po.title, po.description, po.button_text AS buttonText, po.first_period_days AS days,
              t.name AS tariffName, t.id AS tariffId, t.product_id AS productId, tp.id AS priceId,
              CASE WHEN ${accountId} IS NULL THEN NULL ELSE EXISTS (
                SELECT 1 FROM entitlements WHERE account_id = ${accountId} AND order_id = ${grantKey}) END AS taken,
              CASE WHEN ${accountId} IS NULL THEN NULL ELSE (
                EXISTS (SELECT 1 FROM subscriptions WHERE account_id = ${accountId})
                OR EXISTS (SELECT 1 FROM entitlements WHERE account_id = ${accountId} AND kind = 'subscription')
              ) END AS subscribed
         FROM price_offers po
         JOIN tariff_prices tp ON tp.id = po.price_id AND tp.on_sale = 1
         JOIN tariffs t ON t.id = tp.tariff_id AND t.on_sale = 1 AND t.buy_type = 'SVOD'
        WHERE po.name = 'free_days'
        ORDER BY t.sort, tp.sort, po.id
        LIMIT 1`,
  );
}

/** The active rules of a trigger, highest priority first. */
export function rulesOf(db: D1Database, trigger: string) {
  return prepare(
    db,
    sql`SELECT id, match, audience, event_type AS eventType, properties, experiment_slug AS experimentSlug
           FROM em_rules WHERE trigger = ${trigger} AND active = 1 ORDER BY priority DESC, id`,
  );
}

/** Every variant of the active experiments. */
export function liveVariants(db: D1Database) {
  return prepare(
    db,
    sql`SELECT v.experiment_slug AS experimentSlug, v.variant, v.weight, v.event_type AS eventType,
              v.properties
         FROM em_variants v JOIN em_experiments e ON e.slug = v.experiment_slug AND e.active = 1
        ORDER BY v.experiment_slug, v.variant`,
  );
}

/** The variants a visitor was given. */
export function assignmentsOf(db: D1Database, visitor: string) {
  return prepare(
    db,
    sql`SELECT experiment_slug AS experimentSlug, variant FROM em_assignments WHERE visitor = ${visitor}`,
  );
}

/** Whether the account holds a current subscription (the legacy tariff does not count). */
export function subscribedQuery(db: D1Database, accountId: number | null) {
  return prepare(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM subscriptions s JOIN tariffs t ON t.id = s.tariff_id
          WHERE s.account_id = ${accountId} AND t.legacy = 0 AND s.status <> 'ended') AS yes`,
  );
}

/**
 * Gives a visitor a variant; INSERT … ON CONFLICT keeps one drawn by a concurrent call (unless it
 * left the experiment) and RETURNING reads the one kept.
 */
export function keepAssignment(
  db: D1Database,
  slug: string,
  visitor: string,
  variant: string,
  now: number,
) {
  return prepare(
    db,
    sql`INSERT INTO em_assignments (experiment_slug, visitor, variant, assigned_at)
             VALUES (${slug}, ${visitor}, ${variant}, ${now})
             ON CONFLICT (experiment_slug, visitor) DO UPDATE SET
               variant = CASE WHEN variant IN (SELECT variant FROM em_variants
                 WHERE experiment_slug = ${slug}) THEN variant ELSE excluded.variant END
             RETURNING experiment_slug AS experimentSlug, variant`,
  );
}
