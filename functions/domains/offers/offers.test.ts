import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test-helpers.ts';
import { Browser, recordMessages, resetAccounts, signUp } from '../auth/test-support.ts';
import { loadBillingFixture } from '../billing/test-fixtures.ts';
import { loadCatalogueFixture } from '../catalogue/test-fixtures.ts';
import { loadOffersFixture } from './test-fixtures.ts';

let n = 0;
async function viewer(messages: ReturnType<typeof recordMessages>) {
  n += 1;
  const browser = new Browser(`192.0.2.${n % 250}`);
  const { accountId } = await signUp(browser, messages, `offers-${n}-${Date.now()}@example.com`);
  return { browser, accountId };
}

/** A guest browser with its own device id (the cookie the edge gives a new browser). */
const device = (i: number) =>
  `device_id=${`00000000${i.toString(16)}`.slice(-8)}-77b0-4d21-9a3c-5e0f1b2c3d4e`;

const event = (eventType: string, cookie: string, extra: Record<string, unknown> = {}) =>
  call('/api/event-manager/v8/events/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ eventType, ...extra }),
  });

describe('offers', () => {
  let messages: ReturnType<typeof recordMessages>;
  beforeEach(async () => {
    messages = recordMessages();
    await resetAccounts();
    await loadCatalogueFixture();
    await loadBillingFixture();
    await loadOffersFixture();
  });

  describe('free days', () => {
    it('a viewer who never subscribed takes 7 days once; the other parallel presses are told they already took them', async () => {
      const { browser, accountId } = await viewer(messages);
      const before = await browser.fetch('/billing/free-days/');
      expect(await before.json()).toMatchObject({ status: 'eligible', offer: { days: 7 } });
      const presses = await Promise.all(
        Array.from({ length: 10 }, () => browser.post('/billing/free-days/')),
      );
      const answers = await Promise.all(
        presses.map(async (r) => ({ status: r.status, body: await r.json() })),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(won[0]!.body).toMatchObject({ status: 'taken', offer: { days: 7 } });
      const lost = answers.filter((a) => a.status !== 200);
      expect(lost).toHaveLength(9);
      for (const a of lost)
        expect(a).toEqual({
          status: 409,
          body: {
            message: 'Вы уже получили бесплатные дни. Продлить подписку можно в разделе «Подписка»',
            details: { reason: 'free_days_taken' },
          },
        });
      const rights = await env.DB.prepare(
        'SELECT source, order_id AS grantKey, expires_at - granted_at AS seconds FROM entitlements WHERE account_id = ?',
      )
        .bind(accountId)
        .all();
      expect(rights.results).toEqual([
        { source: 'free_days', grantKey: `free_days:${accountId}`, seconds: 7 * 86_400 },
      ]);
      const again = await browser.post('/billing/free-days/');
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ details: { reason: 'free_days_taken' } });
    });

    it('a viewer who had a subscription is told the offer is not for them', async () => {
      const { browser, accountId } = await viewer(messages);
      await env.DB.prepare(
        "INSERT INTO entitlements (account_id, product_id, kind, granted_at, expires_at, source) VALUES (?, 1, 'subscription', 1, 2, 'payment')",
      )
        .bind(accountId)
        .run();
      const res = await browser.post('/billing/free-days/');
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        message: 'Бесплатные дни доступны только тем, у кого ещё не было подписки',
        details: { reason: 'free_days_ineligible' },
      });
    });
  });

  describe('polls', () => {
    it('stores one response per account, even sent twice at once', async () => {
      const { browser, accountId } = await viewer(messages);
      const poll = await browser.fetch('/cms/polls/unsubscribe/');
      expect(await poll.json()).toMatchObject({
        slug: 'unsubscribe',
        answered: false,
        questions: [
          { id: 2, withComment: true },
          { id: 3, withComment: false },
        ],
      });
      const body = {
        answers: [
          { questionId: 2, optionId: 6, comment: 'Дороговато' },
          { questionId: 3, optionId: 11, comment: 'не сохранится: у вопроса нет поля' },
        ],
      };
      const sent = await Promise.all([
        browser.post('/cms/polls/unsubscribe/answers/', body),
        browser.post('/cms/polls/unsubscribe/answers/', body),
      ]);
      expect(sent.map((r) => r.status).sort()).toEqual([201, 409]);
      const stored = await env.DB.prepare(
        `SELECT r.account_id AS accountId, a.question_id AS q, a.option_id AS o, a.comment
           FROM poll_responses r JOIN poll_answers a ON a.response_id = r.id ORDER BY a.question_id`,
      ).all();
      expect(stored.results).toEqual([
        { accountId, q: 2, o: 6, comment: 'Дороговато' },
        { accountId, q: 3, o: 11, comment: null },
      ]);
      expect(await (await browser.fetch('/cms/polls/unsubscribe/')).json()).toMatchObject({
        answered: true,
      });
    });

    it('refuses an option of another question with a 422 and stores nothing', async () => {
      const res = await call('/cms/polls/why-not-subscribing/answers/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: device(1) },
        body: JSON.stringify({ answers: [{ questionId: 1, optionId: 6 }] }),
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ message: 'Такого варианта ответа нет' });
      const count = await env.DB.prepare('SELECT count(*) AS n FROM poll_responses').first();
      expect(count).toEqual({ n: 0 });
    });
  });

  describe('event manager', () => {
    it('answers by the rules in D1: a new rule of higher priority changes the answer', async () => {
      const first = await event('closed_promo_paywall', device(2));
      expect(first.status).toBe(200);
      const body = (await first.json()) as { events: { type: string; properties: unknown }[] };
      expect(body.events[0]).toEqual({
        type: 'ShowWhyNotSubscribingPoll',
        properties: {
          poll: { slug: 'why-not-subscribing' },
          submitEvent: 'answered_why_not_subscribing_poll',
        },
      });
      await env.DB.prepare(
        `INSERT INTO em_rules (trigger, audience, priority, event_type, properties)
         VALUES ('closed_promo_paywall', 'guest', 100, 'OpenPaywall', '{"paywallSlug":"new-user","paywallParams":{},"buttonText":"Попробовать за 1 ₽"}')`,
      ).run();
      const second = (await (await event('closed_promo_paywall', device(2))).json()) as {
        events: { type: string; properties: Record<string, unknown> }[];
      };
      expect(second.events.map((e) => e.type)).toEqual([
        'OpenPaywall',
        'ShowWhyNotSubscribingPoll',
      ]);
      expect(second.events[0]!.properties).toMatchObject({ paywallSlug: 'new-user' });
    });

    it('matches a rule to the fields the event came with', async () => {
      await env.DB.prepare(
        `INSERT INTO em_rules (trigger, match, priority, event_type) VALUES ('opened_content_page', '{"contentId":7}', 1, 'OpenDefaultPaywall')`,
      ).run();
      const types = async (contentId: number) =>
        (
          (await (await event('opened_content_page', device(5), { contentId })).json()) as {
            events: { type: string }[];
          }
        ).events.map((e) => e.type);
      expect(await types(7)).toEqual(['OpenDefaultPaywall']);
      expect(await types(8)).toEqual([]);
    });

    it('gives a rule for subscribers only to subscribers', async () => {
      await env.DB.prepare(
        `INSERT INTO em_rules (trigger, audience, priority, event_type) VALUES ('opened_content_page', 'subscriber', 1, 'OpenDefaultPaywall')`,
      ).run();
      const guest = (await (await event('opened_content_page', device(3))).json()) as {
        events: unknown[];
      };
      expect(guest.events).toEqual([]);
    });

    it('keeps a visitor in one variant across calls and spreads visitors over the variants', async () => {
      const seen = new Set<string>();
      for (let i = 10; i < 40; i++) {
        const res = await event('opened_paywall', device(i));
        const { events, experiment } = (await res.json()) as {
          events: { type: string }[];
          experiment: string;
        };
        expect(res.headers.getSetCookie().join(';')).toContain(
          `em_experiment=${encodeURIComponent(experiment)}`,
        );
        const again = (await (await event('opened_app', device(i))).json()) as {
          experiment: string;
        };
        expect(again.experiment).toBe(experiment);
        const repeat = (await (await event('opened_paywall', device(i))).json()) as {
          events: { type: string }[];
        };
        expect(repeat.events).toEqual(events);
        seen.add(events[0]!.type);
      }
      expect([...seen].sort()).toEqual(['Offer2', 'ThreeStepPayment', 'TwoStepPayment']);
      const kept = await env.DB.prepare(
        "SELECT count(*) AS n FROM em_assignments WHERE experiment_slug = 'steps'",
      ).first();
      expect(kept).toEqual({ n: 30 });
    });

    it('a variant named in the request answers this call only; the kept one stays', async () => {
      const kept = (await (await event('opened_paywall', device(6))).json()) as {
        events: { type: string }[];
        experiment: string;
      };
      const other = kept.events[0]!.type === 'Offer2' ? 'two_step' : 'offer2';
      const tried = (await (
        await event('opened_paywall', device(6), { em_experiment: `steps:${other}` })
      ).json()) as { events: { type: string }[]; experiment: string };
      expect(tried.events[0]!.type).toBe(other === 'offer2' ? 'Offer2' : 'TwoStepPayment');
      expect(tried.experiment).toContain(`steps:${other}`);
      const after = (await (await event('opened_paywall', device(6))).json()) as {
        experiment: string;
      };
      expect(after.experiment).toBe(kept.experiment);
    });

    it('refuses an unknown event with a 422', async () => {
      const res = await event('clicked_everything', device(4));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ message: 'Неизвестное событие' });
    });
  });
});
