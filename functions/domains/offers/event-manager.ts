/**
 * The event manager, API version 8 (docs/product.md; README, «Event manager»): the client
 * reports a user event and the rules in D1 answer what to do, `{ events: [{ type, properties }] }`,
 * highest priority first; the client acts on the first. A rule names an event, or an experiment
 * whose variant (drawn once per visitor by weight, then kept) names it. Changing what the site
 * does is changing rows of `em_rules`, `em_experiments` and `em_variants`.
 */
import { d1 } from '../../db/client.ts';
import { experimentVariants } from '../../shared/event-manager.ts';
import { nowSeconds } from '../auth/index.ts';
import { assignmentsOf, keepAssignment, liveVariants, rulesOf, subscribedQuery } from './repo.ts';
import type { EmAnswer, EmEvent } from './schemas.ts';

/** The user events the client reports (docs/product.md, «States and transitions»). */
export const EM_TRIGGERS = [
  'closed_returning_subscriber_paywall',
  'answered_why_not_subscribing_poll',
  'logged_in',
  'opened_app',
  'signed_up',
  'closed_promo_paywall',
  'disabled_renewal',
  'opened_paywall',
  'opened_content_page',
] as const;
export type EmTrigger = (typeof EM_TRIGGERS)[number];

/** The events a rule may answer: the variants of docs/product.md, «States and transitions». */
export const EM_EVENT_TYPES = [
  'OpenPaywall',
  'OpenDefaultPaywall',
  'OfferForNewUser',
  'OfferForRetention',
  'ShowWhyNotSubscribingPoll',
  'TwoStepPayment',
  'ThreeStepPayment',
  'Offer2',
  'SbpPaymentButton',
  'ShowFreeDaysOffer',
] as const;
export type EmEventType = (typeof EM_EVENT_TYPES)[number];

/** Who reports: the visitor key (`a:<account>` signed in, else `d:<device id>`) and their state. */
export interface EmVisitor {
  accountId: number | null;
  deviceId: string;
}
export const visitorKey = (v: EmVisitor) =>
  v.accountId !== null ? `a:${v.accountId}` : `d:${v.deviceId}`;

interface RuleRow {
  id: number;
  match: string;
  audience: 'any' | 'guest' | 'signed_in' | 'subscriber' | 'non_subscriber';
  eventType: string | null;
  properties: string;
  experimentSlug: string | null;
}
interface VariantRow {
  experimentSlug: string;
  variant: string;
  weight: number;
  eventType: string | null;
  properties: string;
}

/**
 * The variant a visitor draws: a point of the experiment's total weight picked by a hash of the
 * visitor and the experiment, so visitors spread by the weights and the draw needs no randomness.
 */
async function draw(visitor: string, slug: string, variants: VariantRow[]): Promise<string | null> {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  if (total === 0) return null;
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${slug}:${visitor}`),
  );
  const point = new DataView(digest).getUint32(0) % total;
  let upTo = 0;
  for (const v of variants) {
    upTo += v.weight;
    if (point < upTo) return v.variant;
  }
  return null;
}

const parse = (json: string): Record<string, unknown> => {
  const value = JSON.parse(json) as unknown;
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
};

/**
 * Answers one reported event (and the fields it came with): the matching rules' events, highest priority first, and the
 * visitor's experiment variants (each drawn at most once and then kept, in `em_assignments`).
 * Two D1 round trips: the rules, variants and the visitor's state; then the assignments.
 */
export async function answerEvent(
  v: EmVisitor,
  trigger: EmTrigger,
  fields: Record<string, unknown> = {},
  now = nowSeconds(),
): Promise<EmAnswer> {
  const db = d1();
  const visitor = visitorKey(v);
  const [rules, variants, assigned, subscribed] = await db.batch<Record<string, unknown>>([
    rulesOf(db, trigger),
    liveVariants(db),
    assignmentsOf(db, visitor),
    subscribedQuery(db, v.accountId),
  ]);
  const byExperiment = new Map<string, VariantRow[]>();
  for (const row of variants!.results as unknown as VariantRow[])
    byExperiment.set(row.experimentSlug, [...(byExperiment.get(row.experimentSlug) ?? []), row]);
  const mine = new Map(
    (assigned!.results as { experimentSlug: string; variant: string }[]).map((a) => [
      a.experimentSlug,
      a.variant,
    ]),
  );
  // Every active experiment gets this visitor's variant now, so the payment pages can read it
  // (em_experiment) whichever event came first.
  const fresh: [string, string][] = [];
  for (const [slug, rows] of byExperiment) {
    if (mine.has(slug) && rows.some((r) => r.variant === mine.get(slug))) continue;
    const variant = await draw(visitor, slug, rows);
    if (variant !== null) fresh.push([slug, variant]);
  }
  if (fresh.length > 0) {
    // INSERT … ON CONFLICT keeps a variant drawn by a concurrent call; RETURNING reads the kept one.
    const kept = await db.batch<{ experimentSlug: string; variant: string }>(
      fresh.map(([slug, variant]) => keepAssignment(db, slug, visitor, variant, now)),
    );
    for (const r of kept) {
      const row = r.results[0];
      if (row) mine.set(row.experimentSlug, row.variant);
    }
  }
  // A variant named in the request (`em_experiment`, for trying a variant out) wins for this answer
  // only; the visitor's kept variant stays as drawn.
  for (const [slug, variant] of Object.entries(
    experimentVariants(String(fields.em_experiment ?? '')),
  ))
    if (byExperiment.get(slug)?.some((row) => row.variant === variant)) mine.set(slug, variant);
  const isSubscriber = (subscribed!.results[0] as { yes: number } | undefined)?.yes === 1;
  const fits = (audience: RuleRow['audience']) =>
    audience === 'any' ||
    (audience === 'guest' && v.accountId === null) ||
    (audience === 'signed_in' && v.accountId !== null) ||
    (audience === 'subscriber' && isSubscriber) ||
    (audience === 'non_subscriber' && !isSubscriber);
  const matches = (match: string) =>
    Object.entries(parse(match)).every(([k, want]) => String(fields[k]) === String(want));
  const events: EmEvent[] = [];
  for (const rule of rules!.results as unknown as RuleRow[]) {
    if (!fits(rule.audience) || !matches(rule.match)) continue;
    if (rule.eventType !== null) {
      events.push({ type: rule.eventType, properties: parse(rule.properties) });
      continue;
    }
    const chosen = byExperiment
      .get(rule.experimentSlug!)
      ?.find((row) => row.variant === mine.get(rule.experimentSlug!));
    // The control group (a variant without an event) answers nothing.
    if (chosen?.eventType)
      events.push({
        type: chosen.eventType,
        properties: { ...parse(chosen.properties), ...parse(rule.properties) },
      });
  }
  const experiment = [...mine]
    .filter(([slug]) => byExperiment.has(slug))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([slug, variant]) => `${slug}:${variant}`)
    .join(',');
  return { events, experiment };
}
