/**
 * Offers (docs/product.md, «Money»): the free-days offer, the polls, and the event manager that
 * decides which paywall, poll or offer a viewer sees after a user event. The domain's one entry.
 */
export {
  answerEvent,
  EM_EVENT_TYPES,
  EM_TRIGGERS,
  type EmEventType,
  type EmTrigger,
  type EmVisitor,
  visitorKey,
} from './event-manager.ts';
export {
  daysText,
  freeDaysOffer,
  takeFreeDays,
} from './free-days.ts';
export {
  answerPoll,
  pollBySlug,
  type Respondent,
} from './polls.ts';
export type {
  EmAnswer,
  EmEvent,
  FreeDaysOffer,
  FreeDaysStatus,
  Poll,
  PollAnswer,
  PollQuestion,
} from './schemas.ts';
export * as offerSchemas from './schemas.ts';
export { offersTexts } from './texts.ts';
