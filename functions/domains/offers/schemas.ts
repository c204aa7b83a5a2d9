import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { slug } from '../../lib/schemas.ts';
import { EM_TRIGGERS } from './event-manager.ts';
import { offersTexts } from './texts.ts';

/**
 * Request and answer schemas of the offers API (polls, the event manager, free days): the routes
 * validate with them, the OpenAPI document is generated from them and the domain's types are
 * inferred from them.
 */

const int = z.number().int();

const pollQuestion = z.object({
  id: int,
  text: z.string(),
  withComment: z.boolean(),
  options: z.array(z.object({ id: int, text: z.string() })),
});

/** A poll as the client shows it. */
export const poll = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  buttonText: z.string(),
  thanksText: z.string(),
  submitEvent: z.string().nullable().describe('Событие менеджера событий после ответа'),
  questions: z.array(pollQuestion),
});

/** GET /cms/polls/:slug: the poll and whether this respondent already answered it. */
export const pollState = poll.extend({
  answered: z.boolean().describe('Этот аккаунт (или, для гостя, это устройство) уже ответил'),
});

export const pollParam = z.object({ slug });

export const pollBody = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.number().int().positive(),
        optionId: z.number().int().positive(),
        comment: z.string().max(1000, offersTexts.poll.commentTooLong).nullish(),
      }),
    )
    .max(50),
});

export const pollAnswered = z.object({
  status: z.literal('answered'),
  thanksText: z.string(),
  submitEvent: z.string().nullable(),
});

/** A user event for the event manager: its type and any other fields it carries. */
export const emBody = z.looseObject({
  eventType: z.enum(EM_TRIGGERS, { message: offersTexts.eventManager.unknownEvent }),
});

const emEvent = z.object({
  type: z
    .string()
    .describe(
      'OpenPaywall, OpenDefaultPaywall, ShowWhyNotSubscribingPoll, ShowFreeDaysOffer, OfferForNewUser, OfferForRetention, TwoStepPayment, ThreeStepPayment, Offer2, SbpPaymentButton',
    ),
  properties: z.record(z.string(), z.unknown()),
});

export const emAnswer = z.object({
  events: z.array(emEvent).describe('По приоритету правил; клиент выполняет первое'),
  experiment: z.string().describe('Варианты экспериментов посетителя (cookie em_experiment)'),
});

const freeDaysOffer = z.object({
  title: z.string(),
  description: z.string(),
  buttonText: z.string(),
  days: int,
  tariffName: z.string(),
});

const freeDaysStatus = z
  .enum(['guest', 'eligible', 'taken', 'ineligible'])
  .describe('guest — войти; eligible — можно взять; taken — уже взяты; ineligible — была подписка');

/** The free-days offer and whether this viewer may take it. */
export const freeDays = z.object({ offer: freeDaysOffer, status: freeDaysStatus });

export type Poll = z.infer<typeof poll>;
export type PollQuestion = z.infer<typeof pollQuestion>;
export type PollAnswer = z.infer<typeof pollBody>['answers'][number];
export type EmEvent = z.infer<typeof emEvent>;
export type EmAnswer = z.infer<typeof emAnswer>;
export type FreeDaysOffer = z.infer<typeof freeDaysOffer>;
export type FreeDaysStatus = z.infer<typeof freeDaysStatus>;
